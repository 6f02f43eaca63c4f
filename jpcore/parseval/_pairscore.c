/* jpcore.parseval._pairscore: PARSEVAL on tree pairs with the same words, in C
 * (the accelerator of jpcore/parseval/same_words.py; jpcore/parseval/score.py
 * stays the reference, and the tests hold the two equal).
 *
 * Contract.  Both functions take two equally long lists of trees in their
 * flat form, each a tuple (labels, node_words, ints, tags, words) as
 * jpcore.formats.trees keeps it (every node in preorder; ints a buffer of
 * 32-bit integers, four per node: start, end, line, number of children),
 * where tree i of both sides has the same words, and cut_cache / cutter (a
 * dict of raw label -> cut label or None, and the callable that fills it).
 *
 * count_same_words(gold_trees, sys_trees, cut_cache, cutter) returns bytes
 * of five 64-bit integers per pair: gold constituents, system constituents,
 * matched, crossing, correct tags (what EVALB's row needs, and nothing made
 * per pair: the report of a large file costs no per-pair objects).
 *
 * score_same_words(gold_trees, sys_trees, cut_cache, cutter, key_length,
 * first_tree, first_token, first_char) returns one tuple per pair,
 *
 *     (gold_labels, gold_ints, gold_flags, sys_labels, sys_ints, sys_flags,
 *      matched, cross, correct_tags, words)
 *
 * the two sides' constituents in preorder as ConstituentList keeps them
 * (labels; bytes of 32-bit start, end, tree, node; one flag byte each), the
 * pair's counts, and its word units as GroupList keeps them (bytes of eight
 * 32-bit integers per word: its token range on both sides, then its
 * character range on both sides, every unit exact and 1:1).  Trees are
 * numbered from first_tree, tokens from first_token and characters from
 * first_char; key_length gives each word's length after normalisation.
 *
 * The rules are score.py's for a pair whose word units are all 1:1 and
 * exact (spec section 2):
 *
 * - a constituent is a node above the pre-terminals with words under it
 *   whose cut label is not None: cut_cache[label] (a dict), or
 *   cutter(label) for a label not in it yet;
 * - matching is EVALB's greedy one-to-one matching in preorder: the k-th
 *   gold constituent with a given (start, end, label) matches the k-th
 *   system one with the same key.  A tree's constituents in preorder are in
 *   span order (start ascending, end descending, equal spans together), so
 *   one merge of the two lists finds the shared spans and only their few
 *   labels are paired; a span shared by many brackets (a long unary chain)
 *   is matched by sorting its brackets by label, then preorder: n log n at
 *   worst, never all pairs;
 * - a constituent crosses when a constituent of the other side overlaps it
 *   partially (a.start < b.start < a.end < b.end or the mirror); "cross"
 *   counts the crossing system constituents.  Each side's spans come from
 *   one tree, so they nest: one sweep over the positions with a stack gives
 *   the innermost bracket strictly around each position, whose end is the
 *   smallest and whose start the largest of all brackets around it; a span
 *   [s, e) is crossed iff that end at s is below e or that start at e is
 *   above s.  Linear in the words plus the constituents;
 * - status: matched, else crossing if it crosses, else gold-only /
 *   system-only; every constituent is located;
 * - a tag is correct where the two trees' tags at a position are equal.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bracket, match, mark_crossing and ConstituentList's flag bytes (shared with _filescore.c). */
#include "_brackets.h"

/* Each raw label object seen in this call -> its cut label (NULL: no
 * constituent) and that label's number: labels are interned strings, so a
 * pointer table answers without hashing or comparing text. */
typedef struct {
    PyObject *raw; /* borrowed: the trees hold it */
    PyObject *cut;
    Py_ssize_t id;
} Memo;

typedef struct {
    Memo *slots;
    size_t mask, used;
} Memos;

static Memo *memo_slot(Memos *m, PyObject *raw) {
    size_t j = ((size_t)raw >> 4) & m->mask;
    while (m->slots[j].raw && m->slots[j].raw != raw) j = (j + 1) & m->mask;
    return &m->slots[j];
}

static int memo_grow(Memos *m) {
    Memos bigger = {PyMem_Calloc(m->mask * 2 + 2, sizeof(Memo)), m->mask * 2 + 1, m->used};
    if (!bigger.slots) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= m->mask; i++)
        if (m->slots[i].raw) *memo_slot(&bigger, m->slots[i].raw) = m->slots[i];
    PyMem_Free(m->slots);
    *m = bigger;
    return 0;
}

/* The memo of raw label ``raw``, made on first sight (NULL on error). */
static Memo *memo_of(Memos *m, PyObject *raw, PyObject *cut_cache, PyObject *cutter, PyObject *label_ids) {
    Memo *slot = memo_slot(m, raw);
    if (slot->raw) return slot;
    PyObject *cut = PyDict_GetItemWithError(cut_cache, raw);
    if (!cut) {
        if (PyErr_Occurred()) return NULL;
        PyObject *made = PyObject_CallOneArg(cutter, raw);
        if (!made) return NULL;
        Py_DECREF(made); /* the cutter keeps it in cut_cache */
        cut = PyDict_GetItemWithError(cut_cache, raw);
        if (!cut) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "the cutter did not fill its cache");
            return NULL;
        }
    }
    Py_ssize_t id = -1;
    if (cut != Py_None) {
        PyObject *known = PyDict_GetItemWithError(label_ids, cut);
        if (!known) {
            if (PyErr_Occurred()) return NULL;
            PyObject *next = PyLong_FromSsize_t(PyDict_GET_SIZE(label_ids));
            if (!next) return NULL;
            int failed = PyDict_SetItem(label_ids, cut, next);
            Py_DECREF(next);
            if (failed < 0) return NULL;
            id = PyDict_GET_SIZE(label_ids) - 1;
        } else {
            id = PyLong_AsSsize_t(known);
        }
    }
    slot->raw = raw;
    slot->cut = cut == Py_None ? NULL : cut;
    slot->id = id;
    if (++m->used * 2 > m->mask) {
        if (memo_grow(m) < 0) return NULL;
        slot = memo_slot(m, raw);
    }
    return slot;
}

/* The constituents of one flat tree into out; -1 on error. */
static int collect(PyObject *tree, PyObject *cut_cache, PyObject *cutter, PyObject *label_ids, Memos *memos,
                   Brackets *out) {
    out->size = 0;
    if (!PyTuple_Check(tree) || PyTuple_GET_SIZE(tree) < 4) {
        PyErr_SetString(PyExc_TypeError, "a flat tree is (labels, node_words, ints, tags[, words])");
        return -1;
    }
    PyObject *labels = PyTuple_GET_ITEM(tree, 0), *node_words = PyTuple_GET_ITEM(tree, 1);
    if (!PyList_Check(labels) || !PyList_Check(node_words)) {
        PyErr_SetString(PyExc_TypeError, "labels and node_words must be lists");
        return -1;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(tree, 2), &view, PyBUF_SIMPLE) < 0) return -1;
    Py_ssize_t n_nodes = PyList_GET_SIZE(labels);
    const int32_t *ints = view.buf;
    int status = -1;
    if (view.len != n_nodes * 16 || PyList_GET_SIZE(node_words) != n_nodes) {
        PyErr_SetString(PyExc_ValueError, "a flat tree needs four 32-bit integers per node");
        goto done;
    }
    for (Py_ssize_t n = 0; n < n_nodes; n++) {
        int32_t start = ints[4 * n], end = ints[4 * n + 1];
        if (PyList_GET_ITEM(node_words, n) != Py_None || end <= start) continue;
        Memo *memo = memo_of(memos, PyList_GET_ITEM(labels, n), cut_cache, cutter, label_ids);
        if (!memo) goto done;
        if (!memo->cut) continue;
        if (reserve((void **)&out->items, &out->cap, out->size + 1, sizeof(Bracket)) < 0) goto done;
        Bracket *b = &out->items[out->size];
        b->start = start;
        b->end = end;
        b->node = (int32_t)n;
        b->label_id = memo->id;
        b->label = memo->cut;
        b->position = out->size;
        b->matched = b->crosses = 0;
        out->size++;
    }
    status = 0;
done:
    PyBuffer_Release(&view);
    return status;
}


/* labels list, ints bytes, flags bytes of one side (a new tuple's three items). */
static int side_objects(const Brackets *side, Py_ssize_t tree, int alone, PyObject **labels, PyObject **ints,
                        PyObject **flags) {
    *labels = PyList_New(side->size);
    *ints = PyBytes_FromStringAndSize(NULL, side->size * 16);
    *flags = PyBytes_FromStringAndSize(NULL, side->size);
    if (!*labels || !*ints || !*flags) return -1;
    int32_t *out = (int32_t *)PyBytes_AS_STRING(*ints);
    char *flag = PyBytes_AS_STRING(*flags);
    for (Py_ssize_t i = 0; i < side->size; i++) {
        const Bracket *b = &side->items[i];
        Py_INCREF(b->label);
        PyList_SET_ITEM(*labels, i, b->label);
        out[4 * i] = b->start;
        out[4 * i + 1] = b->end;
        out[4 * i + 2] = (int32_t)tree;
        out[4 * i + 3] = b->node;
        int status = b->matched ? MATCHED : b->crosses ? CROSSING : alone;
        flag[i] = (char)(status | (b->crosses ? CROSSES : 0) | LOCATED);
    }
    return 0;
}

static Py_ssize_t correct_tags(PyObject *gold_tree, PyObject *sys_tree) {
    PyObject *gold_tags = PyTuple_GET_ITEM(gold_tree, 3), *sys_tags = PyTuple_GET_ITEM(sys_tree, 3);
    if (!PyList_Check(gold_tags) || !PyList_Check(sys_tags) || PyList_GET_SIZE(gold_tags) != PyList_GET_SIZE(sys_tags)) {
        PyErr_SetString(PyExc_ValueError, "paired trees must have as many tags");
        return -1;
    }
    Py_ssize_t correct = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(gold_tags); i++) {
        PyObject *a = PyList_GET_ITEM(gold_tags, i), *b = PyList_GET_ITEM(sys_tags, i);
        int same = a == b ? 1 : PyObject_RichCompareBool(a, b, Py_EQ);
        if (same < 0) return -1;
        correct += same;
    }
    return correct;
}

/* The word units of one tree (GroupList's eight integers each), from token
 * number *token and character *chars on; both advance. */
static PyObject *word_groups(PyObject *tree, PyObject *key_length, Py_ssize_t *token, long long *chars) {
    PyObject *words = PyTuple_GET_SIZE(tree) > 4 ? PyTuple_GET_ITEM(tree, 4) : NULL;
    if (!words || !PyList_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "with key_length a flat tree is (labels, node_words, ints, tags, words)");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(words);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 32);
    if (!out) return NULL;
    int32_t *ints = (int32_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *length = PyDict_GetItemWithError(key_length, PyList_GET_ITEM(words, i));
        long long size = length ? PyLong_AsLongLong(length) : -1;
        if (size <= 0 || *chars + size > INT32_MAX || *token + 1 > INT32_MAX) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "every word needs a positive key length (and 32-bit offsets)");
            Py_DECREF(out);
            return NULL;
        }
        int32_t *g = ints + 8 * i;
        g[0] = g[2] = (int32_t)*token;
        g[1] = g[3] = (int32_t)(*token + 1);
        g[4] = g[6] = (int32_t)*chars;
        g[5] = g[7] = (int32_t)(*chars + size);
        *token += 1;
        *chars += size;
    }
    return out;
}

/* One call's working memory and label tables. */
typedef struct {
    PyObject *cut_cache, *cutter, *label_ids;
    Memos memos;
    Brackets gold, sys;
    Scratch scratch;
} Work;

static int work_init(Work *w, PyObject *cut_cache, PyObject *cutter) {
    memset(w, 0, sizeof *w);
    w->cut_cache = cut_cache;
    w->cutter = cutter;
    w->label_ids = PyDict_New();
    w->memos.slots = PyMem_Calloc(64, sizeof(Memo));
    w->memos.mask = 63;
    if (!w->label_ids || !w->memos.slots) {
        if (w->label_ids) PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void work_free(Work *w) {
    Py_XDECREF(w->label_ids);
    PyMem_Free(w->memos.slots);
    PyMem_Free(w->gold.items);
    PyMem_Free(w->sys.items);
    scratch_free(&w->scratch);
}

/* Score one pair into w->gold / w->sys (flags set) and the three counts. */
static int score_pair(Work *w, PyObject *gold_tree, PyObject *sys_tree, Py_ssize_t *matched, Py_ssize_t *cross,
                      Py_ssize_t *correct) {
    if (collect(gold_tree, w->cut_cache, w->cutter, w->label_ids, &w->memos, &w->gold) < 0) return -1;
    if (collect(sys_tree, w->cut_cache, w->cutter, w->label_ids, &w->memos, &w->sys) < 0) return -1;
    *correct = correct_tags(gold_tree, sys_tree);
    if (*correct < 0) return -1;
    int32_t n_words = (int32_t)PyList_GET_SIZE(PyTuple_GET_ITEM(gold_tree, 3));
    *matched = match(&w->gold, &w->sys, &w->scratch);
    if (*matched < 0) return -1;
    *cross = mark_crossing(&w->gold, &w->sys, n_words, &w->scratch);
    if (*cross < 0 || mark_crossing(&w->sys, &w->gold, n_words, &w->scratch) < 0) return -1;
    return 0;
}

static int same_length(PyObject *gold_trees, PyObject *sys_trees) {
    if (PyList_GET_SIZE(sys_trees) != PyList_GET_SIZE(gold_trees)) {
        PyErr_SetString(PyExc_ValueError, "both sides need as many trees");
        return 0;
    }
    return 1;
}

static PyObject *count_same_words(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *gold_trees, *sys_trees, *cut_cache, *cutter;
    if (!PyArg_ParseTuple(args, "O!O!O!O:count_same_words", &PyList_Type, &gold_trees, &PyList_Type, &sys_trees,
                          &PyDict_Type, &cut_cache, &cutter)
        || !same_length(gold_trees, sys_trees))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(gold_trees);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * 5 * (Py_ssize_t)sizeof(int64_t));
    Work w;
    if (!out || work_init(&w, cut_cache, cutter) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    int64_t *counts = (int64_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t matched, cross, correct;
        if (score_pair(&w, PyList_GET_ITEM(gold_trees, i), PyList_GET_ITEM(sys_trees, i), &matched, &cross,
                       &correct) < 0) {
            Py_DECREF(out);
            work_free(&w);
            return NULL;
        }
        int64_t *row = counts + 5 * i;
        row[0] = w.gold.size;
        row[1] = w.sys.size;
        row[2] = matched;
        row[3] = cross;
        row[4] = correct;
    }
    work_free(&w);
    return out;
}

static PyObject *score_same_words(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *gold_trees, *sys_trees, *cut_cache, *cutter, *key_length;
    Py_ssize_t first_tree, token;
    long long chars;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!nnL:score_same_words", &PyList_Type, &gold_trees, &PyList_Type,
                          &sys_trees, &PyDict_Type, &cut_cache, &cutter, &PyDict_Type, &key_length, &first_tree,
                          &token, &chars)
        || !same_length(gold_trees, sys_trees))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(gold_trees);
    PyObject *out = PyList_New(n);
    Work w;
    if (!out || work_init(&w, cut_cache, cutter) < 0) {
        Py_XDECREF(out);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *gold_tree = PyList_GET_ITEM(gold_trees, i);
        Py_ssize_t matched, cross, correct;
        if (score_pair(&w, gold_tree, PyList_GET_ITEM(sys_trees, i), &matched, &cross, &correct) < 0) goto fail;
        PyObject *items[7] = {NULL};
        if (side_objects(&w.gold, first_tree + i, GOLD_ONLY, &items[0], &items[1], &items[2]) < 0
            || side_objects(&w.sys, first_tree + i, SYSTEM_ONLY, &items[3], &items[4], &items[5]) < 0
            || !(items[6] = word_groups(gold_tree, key_length, &token, &chars))) {
            for (int k = 0; k < 7; k++) Py_XDECREF(items[k]);
            goto fail;
        }
        PyObject *row = Py_BuildValue("(NNNNNNnnnN)", items[0], items[1], items[2], items[3], items[4], items[5],
                                      matched, cross, correct, items[6]);
        if (!row) goto fail;
        PyList_SET_ITEM(out, i, row);
    }
    work_free(&w);
    return out;
fail:
    Py_DECREF(out);
    work_free(&w);
    return NULL;
}

/* side_stream(word_lists, table): one side of the per-pair path's sentence alignment,
 * (stream, ends): the keys table[word] of every word of every list, in order, joined
 * into one str, and bytes of native 32-bit integers, each token's end in that stream
 * (what jpcore.parseval.evaluation._side builds in Python, its reference).  None when
 * it does not apply cleanly: an item that is not a list, a word not in table, a key
 * that is not a str, or a stream of 2**31 characters or more (the Python path then
 * runs).  The keys are borrowed from table for the join: no str is made per token. */
static PyObject *side_stream(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *word_lists, *table;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &word_lists, &PyDict_Type, &table)) return NULL;
    Py_ssize_t n_lists = PyList_GET_SIZE(word_lists), n_tokens = 0;
    for (Py_ssize_t i = 0; i < n_lists; i++) {
        PyObject *words = PyList_GET_ITEM(word_lists, i);
        if (!PyList_Check(words)) Py_RETURN_NONE;
        n_tokens += PyList_GET_SIZE(words);
    }
    if (n_tokens >= INT32_MAX / 4) Py_RETURN_NONE;
    PyObject *keys = PyList_New(n_tokens);
    if (!keys) return NULL;
    PyObject *ends = PyBytes_FromStringAndSize(NULL, n_tokens * (Py_ssize_t)sizeof(int32_t));
    if (!ends) {
        Py_DECREF(keys);
        return NULL;
    }
    int32_t *end = (int32_t *)PyBytes_AS_STRING(ends);
    long long total = 0;
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < n_lists; i++) {
        PyObject *words = PyList_GET_ITEM(word_lists, i);
        Py_ssize_t n = PyList_GET_SIZE(words);
        if (k + n > n_tokens) goto not_clean; /* a list grew meanwhile */
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *key = PyDict_GetItemWithError(table, PyList_GET_ITEM(words, j));
            if (!key) {
                if (PyErr_Occurred()) goto failed;
                goto not_clean;
            }
            if (!PyUnicode_Check(key)) goto not_clean;
            total += PyUnicode_GET_LENGTH(key);
            if (total >= INT32_MAX) goto not_clean;
            Py_INCREF(key);
            PyList_SET_ITEM(keys, k, key);
            end[k++] = (int32_t)total;
        }
    }
    if (k != n_tokens) goto not_clean;
    PyObject *empty = PyUnicode_New(0, 0);
    if (!empty) goto failed;
    PyObject *stream = PyUnicode_Join(empty, keys);
    Py_DECREF(empty);
    Py_DECREF(keys);
    if (!stream) {
        Py_DECREF(ends);
        return NULL;
    }
    return Py_BuildValue("(NN)", stream, ends);
not_clean:
    Py_DECREF(keys); /* unset items are NULL: list_dealloc skips them */
    Py_DECREF(ends);
    Py_RETURN_NONE;
failed:
    Py_DECREF(keys);
    Py_DECREF(ends);
    return NULL;
}

static PyMethodDef methods[] = {
    {"count_same_words", count_same_words, METH_VARARGS,
     "count_same_words(gold_trees, sys_trees, cut_cache, cutter) -> bytes: five 64-bit counts per pair"
     " (see the C source's opening comment)."},
    {"score_same_words", score_same_words, METH_VARARGS,
     "score_same_words(gold_trees, sys_trees, cut_cache, cutter, key_length, first_tree, first_token, first_char)"
     " -> list: each pair's constituents, counts and word units (see the C source's opening comment)."},
    {"side_stream", side_stream, METH_VARARGS,
     "side_stream(word_lists, table) -> (stream, ends) | None: one side's keys joined and each token's end"
     " as 32-bit integers (see side_stream in the C source)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pairscore",
    "PARSEVAL on tree pairs with the same words, in C: the accelerator of jpcore.parseval.identical.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pairscore(void) { return PyModule_Create(&module); }
