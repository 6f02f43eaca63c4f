/* jpcore/parseval/_brackets.h: one pair's brackets matched and crossed, in C.
 *
 * Shared by the two PARSEVAL accelerators, _pairscore.c (trees given as Python
 * objects) and _filescore.c (two files' bytes, no Python object per tree): the
 * rules of jpcore/parseval/score.py for a pair of one tree a side whose word
 * units are all 1:1 and exact (see _pairscore.c's opening comment for how).
 * Include after <Python.h>; every function is static.
 */
#ifndef JPCORE_BRACKETS_H
#define JPCORE_BRACKETS_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ConstituentList's flag byte (jpcore/parseval/constituents.py). */
#define MATCHED 0
#define GOLD_ONLY 1
#define SYSTEM_ONLY 2
#define CROSSING 3
#define CROSSES 4
#define LOCATED 8

typedef struct {
    int32_t start, end, node;
    Py_ssize_t label_id;  /* the cut label's number within this call */
    PyObject *label;      /* borrowed: held by cut_cache */
    Py_ssize_t position;  /* preorder position among the side's constituents */
    int matched, crosses;
} Bracket;

typedef struct {
    Bracket *items;
    Py_ssize_t size, cap;
} Brackets;

/* Buffers reused from pair to pair, each with its own capacity (reserve). */
typedef struct {
    int32_t *inner_end, *inner_start;
    Py_ssize_t inner_end_cap, inner_start_cap;
    Py_ssize_t *stack;
    Py_ssize_t stack_cap;
    Py_ssize_t *order_a, *order_b;
    Py_ssize_t order_a_cap, order_b_cap;
} Scratch;

/* Free a Scratch's buffers (its caps are not reset: the Scratch is not used again). */
static void scratch_free(Scratch *s) {
    PyMem_Free(s->inner_end);
    PyMem_Free(s->inner_start);
    PyMem_Free(s->stack);
    PyMem_Free(s->order_a);
    PyMem_Free(s->order_b);
}

static int by_key(const void *x, const void *y, void *side) {
    const Bracket *items = side;
    const Bracket *a = &items[*(const Py_ssize_t *)x], *b = &items[*(const Py_ssize_t *)y];
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    if (a->end != b->end) return a->end < b->end ? -1 : 1;
    if (a->label_id != b->label_id) return a->label_id < b->label_id ? -1 : 1;
    return a->position < b->position ? -1 : (a->position > b->position);
}

/* qsort has no context argument in C99: the side being sorted. */
static const Bracket *sorting;
static int by_key_of_sorting(const void *x, const void *y) { return by_key(x, y, (void *)sorting); }

static int reserve(void **array, Py_ssize_t *cap, Py_ssize_t wanted, size_t item) {
    if (*array && wanted <= *cap) return 0; /* allocated even for 0 items: never a NULL buffer */
    Py_ssize_t size = *cap ? *cap : 64;
    while (size < wanted) size *= 2;
    void *bigger = PyMem_Realloc(*array, (size_t)size * item);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *array = bigger;
    *cap = size;
    return 0;
}

/* Mark the k-th gold and k-th system bracket of every key as matched; the count. */
static Py_ssize_t match_sorted(Brackets *gold, Brackets *sys, Scratch *s) {
    if (reserve((void **)&s->order_a, &s->order_a_cap, gold->size, sizeof(Py_ssize_t)) < 0
        || reserve((void **)&s->order_b, &s->order_b_cap, sys->size, sizeof(Py_ssize_t)) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < gold->size; i++) s->order_a[i] = i;
    for (Py_ssize_t i = 0; i < sys->size; i++) s->order_b[i] = i;
    sorting = gold->items;
    qsort(s->order_a, (size_t)gold->size, sizeof(Py_ssize_t), by_key_of_sorting);
    sorting = sys->items;
    qsort(s->order_b, (size_t)sys->size, sizeof(Py_ssize_t), by_key_of_sorting);
    Py_ssize_t i = 0, j = 0, matched = 0;
    while (i < gold->size && j < sys->size) {
        Bracket *g = &gold->items[s->order_a[i]], *t = &sys->items[s->order_b[j]];
        int order = g->start != t->start ? (g->start < t->start ? -1 : 1)
                  : g->end != t->end ? (g->end < t->end ? -1 : 1)
                  : g->label_id != t->label_id ? (g->label_id < t->label_id ? -1 : 1) : 0;
        if (order < 0) i++;
        else if (order > 0) j++;
        else {
            g->matched = t->matched = 1;
            matched++;
            i++;
            j++;
        }
    }
    return matched;
}

/* Is the side in preorder span order (start ascending, end descending)? */
static int in_span_order(const Brackets *side) {
    for (Py_ssize_t k = 1; k < side->size; k++) {
        const Bracket *a = &side->items[k - 1], *b = &side->items[k];
        if (b->start < a->start || (b->start == a->start && b->end > a->end)) return 0;
    }
    return 1;
}

/* Above this many gold x system brackets sharing one span, a span's labels
 * are matched by sorting instead of by scanning (a long unary chain). */
#define SCAN_LIMIT 256

/* match_sorted's answer without sorting when both sides are in preorder span
 * order (one tree each): brackets with the same span then stand together on
 * each side, so one merge walks both lists and only each shared span's few
 * labels are paired, first unused system bracket of the label first. */
static Py_ssize_t match(Brackets *gold, Brackets *sys, Scratch *s) {
    if (!in_span_order(gold) || !in_span_order(sys)) return match_sorted(gold, sys, s);
    Py_ssize_t i = 0, j = 0, matched = 0;
    while (i < gold->size && j < sys->size) {
        const Bracket *g = &gold->items[i], *t = &sys->items[j];
        if (g->start != t->start) {
            if (g->start < t->start) i++;
            else j++;
            continue;
        }
        if (g->end != t->end) {
            if (g->end > t->end) i++; /* descending ends */
            else j++;
            continue;
        }
        Py_ssize_t i_end = i, j_end = j;
        while (i_end < gold->size && gold->items[i_end].start == g->start && gold->items[i_end].end == g->end) i_end++;
        while (j_end < sys->size && sys->items[j_end].start == g->start && sys->items[j_end].end == g->end) j_end++;
        if ((i_end - i) * (j_end - j) > SCAN_LIMIT) {
            Brackets gold_span = {gold->items + i, i_end - i, i_end - i};
            Brackets sys_span = {sys->items + j, j_end - j, j_end - j};
            Py_ssize_t more = match_sorted(&gold_span, &sys_span, s);
            if (more < 0) return -1;
            matched += more;
        } else {
            for (Py_ssize_t a = i; a < i_end; a++) {
                for (Py_ssize_t b = j; b < j_end; b++) {
                    if (!sys->items[b].matched && sys->items[b].label_id == gold->items[a].label_id) {
                        gold->items[a].matched = sys->items[b].matched = 1;
                        matched++;
                        break;
                    }
                }
            }
        }
        i = i_end;
        j = j_end;
    }
    return matched;
}

/* For each of probes: does some bracket of fixed (spans that nest, in
 * preorder) overlap it partially?  Sets crosses; returns how many cross. */
static Py_ssize_t mark_crossing(const Brackets *fixed, Brackets *probes, int32_t n_words, Scratch *s) {
    if (!fixed->size || !probes->size) return 0;
    if (reserve((void **)&s->inner_end, &s->inner_end_cap, (Py_ssize_t)n_words + 1, sizeof(int32_t)) < 0
        || reserve((void **)&s->inner_start, &s->inner_start_cap, (Py_ssize_t)n_words + 1, sizeof(int32_t)) < 0
        || reserve((void **)&s->stack, &s->stack_cap, fixed->size + 1, sizeof(Py_ssize_t)) < 0)
        return -1;
    Py_ssize_t depth = 0, k = 0;
    for (int32_t p = 0; p <= n_words; p++) {
        while (k < fixed->size && fixed->items[k].start < p) {
            while (depth && fixed->items[s->stack[depth - 1]].end <= fixed->items[k].start) depth--;
            s->stack[depth++] = k++;
        }
        while (depth && fixed->items[s->stack[depth - 1]].end <= p) depth--;
        if (depth) {
            const Bracket *inner = &fixed->items[s->stack[depth - 1]];
            s->inner_end[p] = inner->end;
            s->inner_start[p] = inner->start;
        } else {
            s->inner_end[p] = n_words + 1;
            s->inner_start[p] = -1;
        }
    }
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < probes->size; i++) {
        Bracket *b = &probes->items[i];
        if (b->start < 0 || b->end > n_words) continue; /* cannot happen for spans of the tree's words */
        if (s->inner_end[b->start] < b->end || s->inner_start[b->end] > b->start) {
            b->crosses = 1;
            count++;
        }
    }
    return count;
}

#endif
