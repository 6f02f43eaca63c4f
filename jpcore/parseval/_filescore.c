/* jpcore.parseval._filescore: alignment-mode PARSEVAL of two tree files with
 * the same words, from their bytes to EVALB's row counts, in C (the
 * accelerator of `jpcore parseval GOLD SYSTEM`'s default report, see
 * jpcore/parseval/quick.py; jpcore.parseval.evaluation.evaluate_bytes stays the
 * reference, and the tests hold the two equal).
 *
 * Contract.  same_words_rows(gold: bytes, system: bytes) returns a list with
 * one tuple per tree pair,
 *
 *     (id, length, 0, matched, gold, test, cross, length, correct_tags)
 *
 * exactly ParsevalResult.row_counts() of evaluate_bytes(gold, system) (id from
 * 1, length the tree's words), or None, reporting nothing, whenever this
 * shortcut does not apply: an input that is not clean (as _treescan.c's scan()
 * says it: a NUL byte, bytes that are not UTF-8, a ")" with no open bracket, a
 * "(" never closed, a word outside any bracket, a word beside brackets or a
 * second word in one bracket; a leading UTF-8 BOM is skipped, as
 * read_trees_bytes skips it), or files that are not the same words tree by
 * tree (as many trees, at least one; tree i of both with the same words, at
 * least one; every word with characters after normalisation, i.e. not made
 * of whitespace alone: str.isspace() or U+200B / U+FEFF, what strip_spaces
 * deletes -- the rest of the key (the en table, casefold) never empties a
 * word).  The caller then runs the Python path, which reads, reports errors
 * and aligns as ever.  That is the case same_words.py's same_words_pairs
 * takes, and the pair rules are the same (_brackets.h: constituents are the
 * nodes above the pre-terminals with words under them whose label cut at the
 * first "-" or "=" is neither empty nor TOP; EVALB's matching; crossing
 * system constituents; a tag is correct where both tags are equal).
 *
 * How: each file is read in one pass into flat arrays (every node's span,
 * label and word as integers, one token table for both files: a word or label
 * is one number, compared as one), no Python object per tree or token; the
 * two files are read a tree of each at a time and compared as they go, so
 * files whose words differ (a parser run on raw text) are given up on at their
 * first differing tree, having cost the Python path almost nothing.  Memory
 * is the two files' nodes and words (16 + 8 bytes each) and one entry per
 * distinct token; time is linear in the bytes plus each pair's brackets
 * (_brackets.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_brackets.h"
#include "../formats/_treetext.h" /* HASH_*, is_space, ends_token, resize: _treescan.c's */

/* ---- one number per distinct token of both files ---- */

/* Tok.cut besides a token number (apart from the outcomes below) */
#define CUT_UNKNOWN -6
#define NO_CUT -5

typedef struct {
    const char *text; /* inside the caller's bytes (held for the call) */
    Py_ssize_t size;
    uint64_t hash;
    int32_t cut;      /* the cut label's token, NO_CUT, or CUT_UNKNOWN */
    int8_t empty_key; /* -1 not known yet, else whether its key is empty */
} Tok;

/* A slot of the table: enough to tell most tokens apart without reading the
 * token itself (the probe of a token costs a cache miss less): its first 8
 * bytes, 16 bits of its hash and its size; a token of 8 bytes or less is
 * known by these alone. */
typedef struct {
    uint64_t head;
    int32_t number; /* token number + 1; 0: an empty slot */
    uint16_t hash16;
    uint16_t size16; /* the size, at most 0xFFFF */
} Slot;

typedef struct {
    Tok *toks;
    Py_ssize_t n, cap;
    Slot *slots;
    size_t mask;
} Tokens;

/* A token's head (its first 8 bytes, for the slot) is made byte by byte while it is hashed
 * (no memcpy, whose 8-byte read back stalls on the bytes just stored); hash_bytes is the same
 * of a whole token. */
#define HEAD_STEP(head, k, c) ((k) < 8 ? (head) | ((uint64_t)(unsigned char)(c) << (8 * (k))) : (head))

static inline uint64_t hash_bytes(const char *p, Py_ssize_t n, uint64_t *head) {
    uint64_t h = HASH_START;
    *head = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        *head = HEAD_STEP(*head, i, p[i]);
        h = HASH_STEP(h, p[i]);
    }
    return h;
}

static inline uint16_t size16_of(Py_ssize_t n) { return (uint16_t)(n < 0xFFFF ? n : 0xFFFF); }


/* Strict UTF-8 (what PyUnicode_DecodeUTF8(..., "strict") accepts): no
 * overlong forms, no surrogates, nothing above U+10FFFF. */
static int valid_utf8(const unsigned char *p, Py_ssize_t n) {
    Py_ssize_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c < 0x80) { i++; continue; }
        Py_ssize_t need;
        unsigned char low = 0x80, high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c == 0xE0) { need = 2; low = 0xA0; }
        else if (c >= 0xE1 && c <= 0xEC) need = 2;
        else if (c == 0xED) { need = 2; high = 0x9F; }
        else if (c >= 0xEE && c <= 0xEF) need = 2;
        else if (c == 0xF0) { need = 3; low = 0x90; }
        else if (c >= 0xF1 && c <= 0xF3) need = 3;
        else if (c == 0xF4) { need = 3; high = 0x8F; }
        else return 0;
        if (n - i <= need) return 0;
        if (p[i + 1] < low || p[i + 1] > high) return 0;
        for (Py_ssize_t k = 2; k <= need; k++)
            if (p[i + k] < 0x80 || p[i + k] > 0xBF) return 0;
        i += need + 1;
    }
    return 1;
}

static int tokens_init(Tokens *t) {
    t->mask = 4095;
    t->slots = PyMem_Calloc(t->mask + 1, sizeof(Slot));
    if (!t->slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void tokens_free(Tokens *t) {
    PyMem_Free(t->toks);
    PyMem_Free(t->slots);
}

static size_t slot_of(uint64_t h, size_t mask) { return (size_t)(h ^ (h >> 29)) & mask; }

static int tokens_grow(Tokens *t) {
    size_t mask = t->mask * 2 + 1;
    Slot *fresh = PyMem_Calloc(mask + 1, sizeof(Slot));
    if (!fresh) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= t->mask; i++) {
        const Slot *old = &t->slots[i];
        if (!old->number) continue;
        size_t j = slot_of(t->toks[old->number - 1].hash, mask);
        while (fresh[j].number) j = (j + 1) & mask;
        fresh[j] = *old;
    }
    PyMem_Free(t->slots);
    t->slots = fresh;
    t->mask = mask;
    return 0;
}

/* Outcomes besides 0 (done) and FAILED (an exception is set). */
#define FAILED -1
#define NOT_CLEAN -2
#define NOT_SAME -3

/* The number of the token p[0:n] whose hash is h and head head (hash_bytes), added when
 * new (NOT_CLEAN when its bytes are not UTF-8). */
static int32_t token(Tokens *t, const char *p, Py_ssize_t n, uint64_t h, uint64_t head) {
    size_t j = slot_of(h, t->mask);
    uint16_t hash16 = (uint16_t)(h >> 48), size16 = size16_of(n);
    while (t->slots[j].number) {
        const Slot *slot = &t->slots[j];
        if (slot->head == head && slot->hash16 == hash16 && slot->size16 == size16) {
            if (n <= 8) return slot->number - 1;
            const Tok *k = &t->toks[slot->number - 1];
            if (k->size == n && memcmp(k->text + 8, p + 8, (size_t)(n - 8)) == 0) return slot->number - 1;
        }
        j = (j + 1) & t->mask;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((unsigned char)p[i] >= 0x80) {
            if (!valid_utf8((const unsigned char *)p + i, n - i)) return NOT_CLEAN;
            break;
        }
    }
    if (t->n >= INT32_MAX - 1) return NOT_CLEAN;
    if (t->n == t->cap) {
        Py_ssize_t cap = t->cap ? t->cap * 2 : 1024;
        Tok *bigger = PyMem_Realloc(t->toks, (size_t)cap * sizeof(Tok));
        if (!bigger) {
            PyErr_NoMemory();
            return FAILED;
        }
        t->toks = bigger;
        t->cap = cap;
    }
    Tok *k = &t->toks[t->n];
    k->text = p;
    k->size = n;
    k->hash = h;
    k->cut = CUT_UNKNOWN;
    k->empty_key = -1;
    t->slots[j].head = head;
    t->slots[j].hash16 = hash16;
    t->slots[j].size16 = size16;
    t->slots[j].number = (int32_t)(++t->n);
    if ((size_t)t->n * 2 > t->mask && tokens_grow(t) < 0) return FAILED;
    return (int32_t)(t->n - 1);
}

/* The token of label number ``label`` cut at its first "-" or "=", or NO_CUT when
 * that is empty or TOP (score.py's cut_label and NO_CONSTITUENT). */
static int32_t cut_of(Tokens *t, int32_t label) {
    Tok *k = &t->toks[label];
    if (k->cut != CUT_UNKNOWN) return k->cut;
    Py_ssize_t n = 0;
    while (n < k->size && k->text[n] != '-' && k->text[n] != '=') n++;
    int32_t cut;
    if (n == 0 || (n == 3 && memcmp(k->text, "TOP", 3) == 0)) {
        cut = NO_CUT;
    } else if (n == k->size) {
        cut = label;
    } else {
        uint64_t head, h = hash_bytes(k->text, n, &head);
        cut = token(t, k->text, n, h, head); /* a prefix before an ASCII byte: UTF-8 still */
        if (cut < 0) return cut;
        k = &t->toks[label]; /* the table may have moved */
    }
    k->cut = cut;
    return cut;
}

/* Whether every character of the token is one strip_spaces deletes (its key is empty). */
static int empty_key(Tok *k) {
    if (k->empty_key >= 0) return k->empty_key;
    const unsigned char *p = (const unsigned char *)k->text;
    Py_ssize_t i = 0;
    int empty = 1;
    while (i < k->size && empty) {
        Py_UCS4 c = p[i];
        Py_ssize_t more = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
        if (more) c &= (Py_UCS4)(0x3F >> more);
        for (Py_ssize_t m = 1; m <= more; m++) c = (c << 6) | (p[i + m] & 0x3F);
        i += more + 1;
        empty = Py_UNICODE_ISSPACE(c) || c == 0x200B || c == 0xFEFF;
    }
    k->empty_key = (int8_t)empty;
    return empty;
}

/* ---- a file's trees, flat ---- */

typedef struct {
    int32_t start, end; /* the node's words, numbered within its tree */
    int32_t label;      /* token number */
    int32_t word;       /* token number of its word (a pre-terminal), else -1 */
    int32_t children;
} FlatNode;

typedef struct {
    FlatNode *nodes;
    Py_ssize_t n_nodes, cap_nodes;
    int32_t *words, *tags; /* every tree's words and their POS tags, in order */
    Py_ssize_t n_words, cap_words;
    Py_ssize_t *first_node, *first_word; /* of each tree, and one past the last tree */
    Py_ssize_t n_trees, cap_trees;
} Side;

static void side_free(Side *s) {
    PyMem_Free(s->nodes);
    PyMem_Free(s->words);
    PyMem_Free(s->tags);
    PyMem_Free(s->first_node);
    PyMem_Free(s->first_word);
}

/* One file being read, a tree at a time. */
typedef struct {
    const char *data;
    Py_ssize_t size, i;
    Py_ssize_t *stack; /* the open brackets' nodes */
    Py_ssize_t depth, cap_stack;
    Side side;
} Scanner;

static int scanner_init(Scanner *s, const char *data, Py_ssize_t size) {
    memset(s, 0, sizeof *s);
    if (size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) { /* read_trees_bytes skips a BOM */
        data += 3;
        size -= 3;
    }
    s->data = data;
    s->size = size;
    if (size >= INT32_MAX) return NOT_CLEAN;
    s->side.cap_trees = 64;
    s->side.first_node = PyMem_Malloc((size_t)s->side.cap_trees * sizeof(Py_ssize_t));
    s->side.first_word = PyMem_Malloc((size_t)s->side.cap_trees * sizeof(Py_ssize_t));
    if (!s->side.first_node || !s->side.first_word) {
        PyErr_NoMemory();
        return FAILED;
    }
    s->side.first_node[0] = s->side.first_word[0] = 0;
    return 0;
}

static void scanner_free(Scanner *s) {
    PyMem_Free(s->stack);
    side_free(&s->side);
}

/* Read the next tree (the rules of _treescan.c's scan_into): 1 when one was read, 0 at the
 * end of the input, else NOT_CLEAN or FAILED. */
static int next_tree(Scanner *s, Tokens *t) {
    Side *side = &s->side;
    const char *data = s->data;
    Py_ssize_t size = s->size, i = s->i;
    int status = FAILED;
    while (i < size) {
        unsigned char c = (unsigned char)data[i];
        if (is_space(c)) { i++; continue; }
        if (c == '\0') { status = NOT_CLEAN; goto done; }
        if (c == '(' || !ends_token(c)) {
            Py_ssize_t start = c == '(' ? i + 1 : i, j = start;
            uint64_t h = HASH_START, head = 0;
            while (j < size) {
                unsigned char b = (unsigned char)data[j];
                if (TREE_BYTE[b]) { /* whitespace, a bracket or NUL */
                    if (b == '\0') { status = NOT_CLEAN; goto done; }
                    break;
                }
                head = HEAD_STEP(head, j - start, b);
                h = HASH_STEP(h, b);
                j++;
            }
            int32_t number = token(t, data + start, j - start, h, head);
            if (number < 0) { status = number; goto done; }
            i = j;
            if (c != '(') { /* a word: the only one of a bracket without children */
                if (!s->depth) { status = NOT_CLEAN; goto done; }
                FlatNode *owner = &side->nodes[s->stack[s->depth - 1]];
                if (owner->children || owner->word >= 0) { status = NOT_CLEAN; goto done; }
                owner->word = number;
                if (side->n_words == side->cap_words) {
                    side->cap_words = side->cap_words ? side->cap_words * 2 : 1024;
                    if (resize((void **)&side->words, side->cap_words, sizeof(int32_t)) < 0
                        || resize((void **)&side->tags, side->cap_words, sizeof(int32_t)) < 0)
                        goto done;
                }
                side->words[side->n_words] = number;
                side->tags[side->n_words++] = owner->label;
                continue;
            }
            if (s->depth) {
                FlatNode *parent = &side->nodes[s->stack[s->depth - 1]];
                if (parent->word >= 0) { status = NOT_CLEAN; goto done; }
                parent->children++;
            }
            if (side->n_nodes == side->cap_nodes) {
                side->cap_nodes = side->cap_nodes ? side->cap_nodes * 2 : 1024;
                if (resize((void **)&side->nodes, side->cap_nodes, sizeof(FlatNode)) < 0) goto done;
            }
            if (s->depth == s->cap_stack) {
                s->cap_stack = s->cap_stack ? s->cap_stack * 2 : 64;
                if (resize((void **)&s->stack, s->cap_stack, sizeof(Py_ssize_t)) < 0) goto done;
            }
            FlatNode *node = &side->nodes[side->n_nodes];
            node->start = (int32_t)(side->n_words - side->first_word[side->n_trees]);
            node->end = 0;
            node->label = number;
            node->word = -1;
            node->children = 0;
            s->stack[s->depth++] = side->n_nodes++;
            continue;
        }
        /* c == ')' */
        i++;
        if (!s->depth) { status = NOT_CLEAN; goto done; }
        FlatNode *closed = &side->nodes[s->stack[--s->depth]];
        closed->end = (int32_t)(side->n_words - side->first_word[side->n_trees]);
        if (s->depth) continue;
        side->n_trees++;
        if (side->n_trees == side->cap_trees) {
            side->cap_trees *= 2;
            if (resize((void **)&side->first_node, side->cap_trees, sizeof(Py_ssize_t)) < 0
                || resize((void **)&side->first_word, side->cap_trees, sizeof(Py_ssize_t)) < 0)
                goto done;
        }
        side->first_node[side->n_trees] = side->n_nodes;
        side->first_word[side->n_trees] = side->n_words;
        status = 1;
        goto done;
    }
    status = s->depth ? NOT_CLEAN : 0;
done:
    s->i = i;
    return status;
}

/* Whether tree ``k`` of both sides has the same words (token numbers). */
static int same_tree_words(const Side *gold, const Side *sys, Py_ssize_t k) {
    Py_ssize_t n = gold->first_word[k + 1] - gold->first_word[k];
    if (n != sys->first_word[k + 1] - sys->first_word[k]) return 0;
    if (n == 0) return 1; /* no words: no buffer to compare (it may not exist yet) */
    return memcmp(gold->words + gold->first_word[k], sys->words + sys->first_word[k], (size_t)n * sizeof(int32_t)) == 0;
}

/* Read both files a tree of each at a time: 0 when both were read to the end with the same
 * words tree by tree, NOT_SAME at the first tree that differs (the rest is not read), else
 * NOT_CLEAN or FAILED. */
static int read_both(Scanner *gold, Scanner *sys, Tokens *t) {
    for (;;) {
        int from_gold = next_tree(gold, t);
        if (from_gold < 0) return from_gold;
        int from_sys = next_tree(sys, t);
        if (from_sys < 0) return from_sys;
        if (from_gold != from_sys) return NOT_SAME;
        if (!from_gold) return 0;
        if (!same_tree_words(&gold->side, &sys->side, gold->side.n_trees - 1)) return NOT_SAME;
    }
}

/* ---- scoring ---- */

/* The constituents of tree ``k`` of ``side`` into ``out``; FAILED on error. */
/* Append tree k's brackets to out, its words counted from offset (trees laid end to end). */
static int collect_from(const Side *side, Py_ssize_t k, int32_t offset, Tokens *t, Brackets *out) {
    for (Py_ssize_t n = side->first_node[k]; n < side->first_node[k + 1]; n++) {
        const FlatNode *node = &side->nodes[n];
        if (node->word >= 0 || node->end <= node->start) continue;
        int32_t cut = cut_of(t, node->label);
        if (cut == NO_CUT) continue;
        if (cut < 0) { /* FAILED (a memory error); NOT_CLEAN cannot happen for a prefix of a label */
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "a cut label outside the token table");
            return FAILED;
        }
        if (reserve((void **)&out->items, &out->cap, out->size + 1, sizeof(Bracket)) < 0) return FAILED;
        Bracket *b = &out->items[out->size];
        b->start = node->start + offset;
        b->end = node->end + offset;
        b->node = (int32_t)(n - side->first_node[k]);
        b->label_id = cut;
        b->label = NULL;
        b->position = out->size;
        b->matched = b->crosses = 0;
        out->size++;
    }
    return 0;
}

static int collect_flat(const Side *side, Py_ssize_t k, Tokens *t, Brackets *out) {
    out->size = 0;
    return collect_from(side, k, 0, t, out);
}

/* Trees first..stop-1 of side laid end to end under a root that makes no bracket. */
static int collect_range(const Side *side, Py_ssize_t first, Py_ssize_t stop, Tokens *t, Brackets *out) {
    out->size = 0;
    for (Py_ssize_t k = first; k < stop; k++)
        if (collect_from(side, k, (int32_t)(side->first_word[k] - side->first_word[first]), t, out) < 0) return FAILED;
    return 0;
}

static PyObject *rows_of(const Side *gold, const Side *sys, Tokens *t) {
    Brackets gold_brackets = {0}, sys_brackets = {0};
    Scratch scratch;
    memset(&scratch, 0, sizeof scratch);
    PyObject *rows = PyList_New(gold->n_trees);
    if (!rows) return NULL;
    for (Py_ssize_t k = 0; k < gold->n_trees; k++) {
        Py_ssize_t first = gold->first_word[k], n_words = gold->first_word[k + 1] - first;
        Py_ssize_t sys_first = sys->first_word[k];
        Py_ssize_t correct = 0;
        for (Py_ssize_t w = 0; w < n_words; w++) correct += gold->tags[first + w] == sys->tags[sys_first + w];
        if (collect_flat(gold, k, t, &gold_brackets) < 0 || collect_flat(sys, k, t, &sys_brackets) < 0) goto fail;
        Py_ssize_t matched = match(&gold_brackets, &sys_brackets, &scratch);
        if (matched < 0) goto fail;
        Py_ssize_t cross = mark_crossing(&gold_brackets, &sys_brackets, (int32_t)n_words, &scratch);
        if (cross < 0) goto fail;
        Py_ssize_t fields[9] = {k + 1, n_words, 0, matched, gold_brackets.size, sys_brackets.size, cross, n_words,
                                correct};
        PyObject *row = PyTuple_New(9);
        if (!row) goto fail;
        for (int f = 0; f < 9; f++) {
            PyObject *value = PyLong_FromSsize_t(fields[f]);
            if (!value) {
                Py_DECREF(row);
                goto fail;
            }
            PyTuple_SET_ITEM(row, f, value);
        }
        PyList_SET_ITEM(rows, k, row);
    }
    goto done;
fail:
    Py_CLEAR(rows);
done:
    PyMem_Free(gold_brackets.items);
    PyMem_Free(sys_brackets.items);
    scratch_free(&scratch);
    return rows;
}

/* Whether the two read sides are the same words tree by tree (module comment). */
static int same_words(const Side *gold, const Side *sys, Tokens *t) {
    if (gold->n_trees != sys->n_trees || gold->n_trees == 0) return 0;
    for (Py_ssize_t k = 0; k < gold->n_trees; k++)
        if (gold->first_word[k + 1] == gold->first_word[k]) return 0;
    for (Py_ssize_t w = 0; w < gold->n_words; w++)
        if (empty_key(&t->toks[gold->words[w]])) return 0;
    return 1; /* each tree's words were compared as it was read (read_both) */
}

static PyObject *same_words_rows(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer gold_data, sys_data;
    if (!PyArg_ParseTuple(args, "y*y*:same_words_rows", &gold_data, &sys_data)) return NULL;
    Tokens t;
    Scanner gold, sys;
    memset(&t, 0, sizeof t);
    PyObject *out = NULL;
    int status = tokens_init(&t);
    int gold_status = scanner_init(&gold, gold_data.buf, gold_data.len);
    int sys_status = scanner_init(&sys, sys_data.buf, sys_data.len);
    if (status == 0) status = gold_status == FAILED || sys_status == FAILED ? FAILED : gold_status ? gold_status : sys_status;
    if (status == 0) status = read_both(&gold, &sys, &t);
    if (status == 0 && same_words(&gold.side, &sys.side, &t)) out = rows_of(&gold.side, &sys.side, &t);
    else if (status != FAILED) out = Py_NewRef(Py_None);
    tokens_free(&t);
    scanner_free(&gold);
    scanner_free(&sys);
    PyBuffer_Release(&gold_data);
    PyBuffer_Release(&sys_data);
    return out;
}

/* ---- files whose words differ: both read flat, kept for the Python alignment (quick.py) ---- */

/* Both files read to the end, held in a capsule between the calls below. */
typedef struct {
    PyObject *data[2]; /* the two bytes objects: every token points into them */
    Tokens t;
    Scanner side[2];
    PyObject **strs; /* each token of the files' str, made when first asked for */
    Py_ssize_t n_strs; /* the tokens of the files (the cut labels added later have no str) */
} Flat;

#define FLAT_NAME "jpcore.parseval._filescore.Flat"

static void flat_free(Flat *f) {
    if (!f) return;
    if (f->strs)
        for (Py_ssize_t k = 0; k < f->n_strs; k++) Py_XDECREF(f->strs[k]);
    PyMem_Free(f->strs);
    tokens_free(&f->t);
    scanner_free(&f->side[0]);
    scanner_free(&f->side[1]);
    Py_XDECREF(f->data[0]);
    Py_XDECREF(f->data[1]);
    PyMem_Free(f);
}

static void flat_capsule_free(PyObject *capsule) { flat_free(PyCapsule_GetPointer(capsule, FLAT_NAME)); }

/* read_flat(gold: bytes, system: bytes) -> capsule | None: both files read flat (None: not clean). */
static PyObject *read_flat(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *gold, *system;
    if (!PyArg_ParseTuple(args, "O!O!:read_flat", &PyBytes_Type, &gold, &PyBytes_Type, &system)) return NULL;
    Flat *f = PyMem_Calloc(1, sizeof(Flat));
    if (!f) return PyErr_NoMemory();
    f->data[0] = Py_NewRef(gold);
    f->data[1] = Py_NewRef(system);
    int status = tokens_init(&f->t);
    for (int k = 0; k < 2 && status == 0; k++) {
        status = scanner_init(&f->side[k], PyBytes_AS_STRING(f->data[k]), PyBytes_GET_SIZE(f->data[k]));
        while (status == 0) {
            int read = next_tree(&f->side[k], &f->t);
            if (read <= 0) {
                status = read;
                break;
            }
        }
    }
    if (status == 0) {
        f->n_strs = f->t.n;
        f->strs = PyMem_Calloc((size_t)f->n_strs + 1, sizeof(PyObject *));
        if (!f->strs) {
            PyErr_NoMemory();
            status = FAILED;
        }
    }
    if (status != 0) {
        flat_free(f);
        if (status == FAILED) return NULL;
        Py_RETURN_NONE;
    }
    PyObject *capsule = PyCapsule_New(f, FLAT_NAME, flat_capsule_free);
    if (!capsule) flat_free(f);
    return capsule;
}

static Flat *flat_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, FLAT_NAME); }

/* The str of token ``number`` (borrowed; kept by the Flat). */
static PyObject *token_str(Flat *f, int32_t number) {
    if (!f->strs[number]) {
        const Tok *k = &f->t.toks[number];
        f->strs[number] = PyUnicode_DecodeUTF8(k->text, k->size, "strict"); /* checked UTF-8 when read */
    }
    return f->strs[number];
}

/* flat_words(flat) -> list: the str of each token used as a word on either side, by token
 * number (None for the others: labels alone). */
static PyObject *flat_words(PyObject *module, PyObject *capsule) {
    (void)module;
    Flat *f = flat_of(capsule);
    if (!f) return NULL;
    PyObject *out = PyList_New(f->n_strs);
    if (!out) return NULL;
    for (Py_ssize_t k = 0; k < f->n_strs; k++) PyList_SET_ITEM(out, k, Py_NewRef(Py_None));
    for (int side = 0; side < 2; side++) {
        const Side *sd = &f->side[side].side;
        for (Py_ssize_t w = 0; w < sd->n_words; w++) {
            int32_t number = sd->words[w];
            if (PyList_GET_ITEM(out, number) != Py_None) continue;
            PyObject *str = token_str(f, number);
            if (!str) {
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(Py_None);
            PyList_SET_ITEM(out, number, Py_NewRef(str));
        }
    }
    return out;
}

/* flat_side(flat, side, keys) -> (stream, ends, sizes) | None: the keys (keys[token number], a
 * str) of every word of side 0 (gold) or 1 joined, each word's end in that stream (native
 * 32-bit integers) and each tree's number of words (native 64-bit); None when the stream
 * would reach 2**31 characters (the Python path then runs). */
static PyObject *flat_side(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *capsule, *keys;
    int which;
    if (!PyArg_ParseTuple(args, "OiO!:flat_side", &capsule, &which, &PyList_Type, &keys)) return NULL;
    Flat *f = flat_of(capsule);
    if (!f) return NULL;
    if (which < 0 || which > 1 || PyList_GET_SIZE(keys) != f->n_strs) {
        PyErr_SetString(PyExc_ValueError, "flat_side(flat, 0 or 1, keys: one per token)");
        return NULL;
    }
    const Side *sd = &f->side[which].side;
    PyObject *parts = PyList_New(sd->n_words), *ends = NULL, *sizes = NULL, *stream = NULL, *empty = NULL;
    if (!parts) return NULL;
    ends = PyBytes_FromStringAndSize(NULL, sd->n_words * (Py_ssize_t)sizeof(int32_t));
    sizes = PyBytes_FromStringAndSize(NULL, sd->n_trees * (Py_ssize_t)sizeof(int64_t));
    if (!ends || !sizes) goto fail;
    int32_t *end = (int32_t *)PyBytes_AS_STRING(ends);
    int64_t *size = (int64_t *)PyBytes_AS_STRING(sizes);
    long long total = 0;
    for (Py_ssize_t w = 0; w < sd->n_words; w++) {
        PyObject *key = PyList_GET_ITEM(keys, sd->words[w]);
        if (!PyUnicode_Check(key)) {
            PyErr_SetString(PyExc_TypeError, "every word's key must be a str");
            goto fail;
        }
        total += PyUnicode_GET_LENGTH(key);
        if (total >= INT32_MAX) {
            Py_DECREF(parts);
            Py_DECREF(ends);
            Py_DECREF(sizes);
            Py_RETURN_NONE;
        }
        PyList_SET_ITEM(parts, w, Py_NewRef(key));
        end[w] = (int32_t)total;
    }
    for (Py_ssize_t k = 0; k < sd->n_trees; k++) size[k] = sd->first_word[k + 1] - sd->first_word[k];
    empty = PyUnicode_New(0, 0);
    if (!empty) goto fail;
    stream = PyUnicode_Join(empty, parts);
    Py_DECREF(empty);
    Py_DECREF(parts);
    if (!stream) {
        Py_DECREF(ends);
        Py_DECREF(sizes);
        return NULL;
    }
    return Py_BuildValue("(NNN)", stream, ends, sizes);
fail:
    Py_DECREF(parts); /* unset items are NULL: list_dealloc skips them */
    Py_XDECREF(ends);
    Py_XDECREF(sizes);
    return NULL;
}

/* flat_tree(flat, side, k) -> (labels, node_words, ints, words, tags, 0, 0): tree k of side 0
 * (gold) or 1 as Tree.of_flat takes it (no line numbers: the row counts never read them). */
static PyObject *flat_tree(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *capsule;
    int which;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "Oin:flat_tree", &capsule, &which, &k)) return NULL;
    Flat *f = flat_of(capsule);
    if (!f) return NULL;
    if (which < 0 || which > 1 || k < 0 || k >= f->side[which].side.n_trees) {
        PyErr_SetString(PyExc_IndexError, "flat_tree: no such side or tree");
        return NULL;
    }
    const Side *sd = &f->side[which].side;
    Py_ssize_t n0 = sd->first_node[k], n_nodes = sd->first_node[k + 1] - n0;
    Py_ssize_t w0 = sd->first_word[k], n_words = sd->first_word[k + 1] - w0;
    PyObject *labels = PyList_New(n_nodes), *node_words = PyList_New(n_nodes);
    PyObject *ints = PyBytes_FromStringAndSize(NULL, n_nodes * 4 * (Py_ssize_t)sizeof(int32_t));
    PyObject *words = PyList_New(n_words), *tags = PyList_New(n_words);
    if (!labels || !node_words || !ints || !words || !tags) goto fail;
    int32_t *out = (int32_t *)PyBytes_AS_STRING(ints);
    for (Py_ssize_t n = 0; n < n_nodes; n++) {
        const FlatNode *node = &sd->nodes[n0 + n];
        PyObject *label = token_str(f, node->label);
        PyObject *word = node->word >= 0 ? token_str(f, node->word) : Py_None;
        if (!label || !word) goto fail;
        PyList_SET_ITEM(labels, n, Py_NewRef(label));
        PyList_SET_ITEM(node_words, n, Py_NewRef(word));
        out[4 * n] = node->start;
        out[4 * n + 1] = node->end;
        out[4 * n + 2] = 0;
        out[4 * n + 3] = node->children;
    }
    for (Py_ssize_t w = 0; w < n_words; w++) {
        PyObject *word = token_str(f, sd->words[w0 + w]), *tag = token_str(f, sd->tags[w0 + w]);
        if (!word || !tag) goto fail;
        PyList_SET_ITEM(words, w, Py_NewRef(word));
        PyList_SET_ITEM(tags, w, Py_NewRef(tag));
    }
    return Py_BuildValue("(NNNNNii)", labels, node_words, ints, words, tags, 0, 0);
fail:
    Py_XDECREF(labels);
    Py_XDECREF(node_words);
    Py_XDECREF(ints);
    Py_XDECREF(words);
    Py_XDECREF(tags);
    return NULL;
}

/* Count entries of `width` 64-bit integers each: (gold tree, system tree) when width is 2,
 * (gold first, gold stop, system first, system stop) when 4; seven 64-bit integers an entry. */
static PyObject *count_entries(PyObject *args, const char *format, Py_ssize_t width) {
    PyObject *capsule;
    Py_buffer pairs;
    if (!PyArg_ParseTuple(args, format, &capsule, &pairs)) return NULL;
    Flat *f = flat_of(capsule);
    PyObject *out = NULL;
    Brackets gold_brackets = {0}, sys_brackets = {0};
    Scratch scratch;
    memset(&scratch, 0, sizeof scratch);
    if (!f) goto done;
    Py_ssize_t n = pairs.len / (Py_ssize_t)(width * (Py_ssize_t)sizeof(int64_t));
    const int64_t *pair = pairs.buf;
    out = PyBytes_FromStringAndSize(NULL, n * 7 * (Py_ssize_t)sizeof(int64_t));
    if (!out) goto done;
    int64_t *row = (int64_t *)PyBytes_AS_STRING(out);
    const Side *gold = &f->side[0].side, *sys = &f->side[1].side;
    for (Py_ssize_t i = 0; i < n; i++, row += 7) {
        const int64_t *entry = pair + width * i;
        int64_t g = entry[0], g_stop = width == 4 ? entry[1] : g + 1;
        int64_t t = entry[width == 4 ? 2 : 1], t_stop = width == 4 ? entry[3] : t + 1;
        memset(row, 0, 7 * sizeof(int64_t));
        if (g < 0 || g_stop <= g || g_stop > gold->n_trees || t < 0 || t_stop <= t || t_stop > sys->n_trees) {
            PyErr_SetString(PyExc_IndexError, width == 4 ? "flat_count_ranges: a tree range outside the files"
                                                         : "flat_count: a tree outside the files");
            Py_CLEAR(out);
            goto done;
        }
        Py_ssize_t first = gold->first_word[g], n_words = gold->first_word[g_stop] - first;
        Py_ssize_t sys_first = sys->first_word[t];
        if (n_words == 0 || n_words != sys->first_word[t_stop] - sys_first
            || memcmp(gold->words + first, sys->words + sys_first, (size_t)n_words * sizeof(int32_t)))
            continue;
        Py_ssize_t correct = 0;
        for (Py_ssize_t w = 0; w < n_words; w++) correct += gold->tags[first + w] == sys->tags[sys_first + w];
        if (collect_range(gold, g, g_stop, &f->t, &gold_brackets) < 0
            || collect_range(sys, t, t_stop, &f->t, &sys_brackets) < 0) {
            Py_CLEAR(out);
            goto done;
        }
        Py_ssize_t matched = match(&gold_brackets, &sys_brackets, &scratch);
        Py_ssize_t cross = matched < 0 ? -1 : mark_crossing(&gold_brackets, &sys_brackets, (int32_t)n_words, &scratch);
        if (cross < 0) {
            Py_CLEAR(out);
            goto done;
        }
        row[0] = 1;
        row[1] = n_words;
        row[2] = gold_brackets.size;
        row[3] = sys_brackets.size;
        row[4] = matched;
        row[5] = cross;
        row[6] = correct;
    }
done:
    PyBuffer_Release(&pairs);
    PyMem_Free(gold_brackets.items);
    PyMem_Free(sys_brackets.items);
    scratch_free(&scratch);
    return out;
}

/* flat_count(flat, pairs) -> bytes: for each (gold tree, system tree) of pairs (native 64-bit
 * integers, two a pair), seven 64-bit integers: whether the two trees have the same words (at
 * least one; else the rest is 0), the words, gold and system constituents, matched, crossing,
 * correct tags (what same_words_rows counts for a pair). */
static PyObject *flat_count(PyObject *module, PyObject *args) {
    (void)module;
    return count_entries(args, "Oy*:flat_count", 2);
}

/* flat_count_ranges(flat, ranges) -> bytes: flat_count of tree ranges, four 64-bit integers a
 * range (gold first, gold stop, system first, system stop): each side's trees laid end to end
 * under a root that makes no bracket, as jpcore.parseval.score scores a sentence group; the
 * words must be the same across the two ranges (else seven zeros). */
static PyObject *flat_count_ranges(PyObject *module, PyObject *args) {
    (void)module;
    return count_entries(args, "Oy*:flat_count_ranges", 4);
}

/* render_rows(rows): jpcore.peers.evalb.report.render_rows of rows given as plain counts,
 * (id, length, status, matched, gold, test, cross, words, correct_tags) each: EVALB's table
 * rows, the rates computed as the Python rows compute them (the same double operations, so
 * printf's correctly rounded %6.2f prints what Python's does). */
#define ROW_FORMAT "%4lld  %3lld    %lld  %6.2f %6.2f   %3lld    %3lld  %3lld    %3lld   %4lld  %4lld   %6.2f\n"

static PyObject *render_rows(PyObject *module, PyObject *rows) {
    (void)module;
    if (!PyList_Check(rows)) {
        PyErr_SetString(PyExc_TypeError, "render_rows() takes a list of 9-tuples of integers");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(rows), size = 0, cap = 0;
    char *text = NULL;
    PyObject *out = NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *row = PyList_GET_ITEM(rows, k);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 9) {
            PyErr_SetString(PyExc_TypeError, "render_rows() takes a list of 9-tuples of integers");
            goto done;
        }
        long long v[9];
        for (int f = 0; f < 9; f++) {
            PyObject *item = PyTuple_GET_ITEM(row, f);
            if (!PyLong_Check(item)) {
                PyErr_SetString(PyExc_TypeError, "render_rows() takes a list of 9-tuples of integers");
                goto done;
            }
            v[f] = PyLong_AsLongLong(item);
            if (v[f] == -1 && PyErr_Occurred()) goto done;
        }
        /* id, length, status, matched, gold, test, cross, words, correct */
        double recall = v[4] == 0 ? 0.0 : 100.0 * (double)v[3] / (double)v[4];
        double precision = v[5] == 0 ? 0.0 : 100.0 * (double)v[3] / (double)v[5];
        double accuracy = v[7] == 0 ? 0.0 : 100.0 * (double)v[8] / (double)v[7];
        for (;;) {
            int wrote = cap - size > 0
                ? snprintf(text + size, (size_t)(cap - size), ROW_FORMAT, v[0], v[1], v[2], recall, precision, v[3],
                           v[4], v[5], v[6], v[7], v[8], accuracy)
                : -2;
            if (wrote == -1) {
                PyErr_SetString(PyExc_ValueError, "a row could not be printed");
                goto done;
            }
            if (wrote >= 0 && wrote < cap - size) {
                size += wrote;
                break;
            }
            Py_ssize_t wanted = cap ? cap * 2 : 4096;
            while (wanted - size < 512) wanted *= 2;
            char *bigger = PyMem_Realloc(text, (size_t)wanted);
            if (!bigger) {
                PyErr_NoMemory();
                goto done;
            }
            text = bigger;
            cap = wanted;
        }
    }
    out = PyUnicode_DecodeASCII(text ? text : "", size, "strict");
done:
    PyMem_Free(text);
    return out;
}

static PyMethodDef methods[] = {
    {"read_flat", read_flat, METH_VARARGS,
     "read_flat(gold: bytes, system: bytes) -> capsule | None: both files read flat (None: not clean)."},
    {"flat_words", flat_words, METH_O, "flat_words(flat) -> list: each token's str if it is a word, else None."},
    {"flat_side", flat_side, METH_VARARGS,
     "flat_side(flat, side, keys) -> (stream, ends, sizes) | None: one side's key stream, word ends, tree sizes."},
    {"flat_tree", flat_tree, METH_VARARGS, "flat_tree(flat, side, k) -> tuple: tree k as Tree.of_flat takes it."},
    {"flat_count", flat_count, METH_VARARGS,
     "flat_count(flat, pairs) -> bytes: seven 64-bit counts per (gold tree, system tree) pair."},
    {"flat_count_ranges", flat_count_ranges, METH_VARARGS,
     "flat_count_ranges(flat, ranges) -> bytes: seven 64-bit counts per (gold first, gold stop, system first,"
     " system stop) range of trees with the same words."},
    {"render_rows", render_rows, METH_O,
     "render_rows(rows: list) -> str: jpcore.peers.evalb.report.render_rows of plain count rows, in C."},
    {"same_words_rows", same_words_rows, METH_VARARGS,
     "same_words_rows(gold: bytes, system: bytes) -> list | None: EVALB's row counts of every tree pair, or None"
     " when the files are not clean or not the same words tree by tree (see the C source's opening comment)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_filescore",
    "Alignment-mode PARSEVAL of two tree files with the same words, bytes to row counts, in C: the accelerator of"
    " jpcore.parseval.quick.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__filescore(void) { return PyModule_Create(&module); }
