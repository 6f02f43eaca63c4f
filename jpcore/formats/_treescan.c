/* jpcore.formats._treescan: bracketed trees read in C (the accelerator of
 * jpcore/formats/trees.py, whose pure-Python reader stays the reference).
 *
 * Contract.  scan(data: bytes) reads UTF-8 bytes of Penn-Treebank-style
 * trees (no BOM) and returns a list with one tuple per tree,
 *
 *     (labels, node_words, ints, words, tags, first_line, last_line)
 *
 * where labels / node_words list every node of the tree in preorder (a
 * node's word is None above the pre-terminals), ints is a bytes object of
 * native 32-bit integers, four per node (start, end, line, number of
 * children), words / tags are the tree's leaves and their POS tags, and the
 * lines are 1-based.  This is exactly what Tree.__reduce__ pickles, so
 * trees.py makes Node objects from it only when they are asked for.
 *
 * It returns None, reporting nothing, whenever the input is not clean: a
 * NUL byte, bytes that are not UTF-8, a ")" with no open bracket, a "(" never
 * closed, a word outside any bracket, a word beside brackets or a second word
 * in one bracket.  The Python reader then reads the same input and raises the
 * InputError that names the file, the line and what was found; so this
 * module never has to word an error, and both paths give the same trees
 * (tests/test_tree_scan.py holds them equal, on real files and on generated
 * ones).
 *
 * The rules are the Python reader's (EVALB's tokens): a label is what follows
 * "(" up to whitespace or a bracket (possibly empty); a bracket holding one
 * word is a pre-terminal (tag and word); whitespace is ASCII whitespace
 * (space, \t, \n, \v, \f, \r), so a word may contain a no-break space; lines
 * end at \n, \r\n or a lone \r.  Every distinct word and label of the input
 * becomes one str, shared by all its places in the input (not interned:
 * interning each distinct token cost a third of the scan, 35 -> 23 ms on
 * GUM's 1.5 MB, and the scorers compare words by value).
 *
 * One pass over the bytes; memory is the output plus one tree's nodes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_treetext.h"

/* ---- one str per distinct token: an open-addressing table over the input ---- */

typedef struct {
    const char *text;
    Py_ssize_t size;
    uint64_t hash;
    PyObject *str; /* owned */
} Slot;

typedef struct {
    Slot *slots;
    size_t mask;
    size_t used;
} Table;

/* FNV-1a (HASH_START, HASH_STEP), computed while the token's end is searched (one pass over its
 * bytes); the whitespace and token rules: _treetext.h, shared with parseval/_filescore.c. */

static inline int same_bytes(const char *a, const char *b, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static int table_init(Table *t) {
    t->mask = 1023;
    t->used = 0;
    t->slots = PyMem_Calloc(t->mask + 1, sizeof(Slot));
    if (!t->slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void table_free(Table *t) {
    if (!t->slots) return;
    for (size_t i = 0; i <= t->mask; i++) Py_XDECREF(t->slots[i].str);
    PyMem_Free(t->slots);
    t->slots = NULL;
}

static int table_grow(Table *t) {
    size_t new_mask = t->mask * 2 + 1;
    Slot *fresh = PyMem_Calloc(new_mask + 1, sizeof(Slot));
    if (!fresh) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= t->mask; i++) {
        Slot *s = &t->slots[i];
        if (!s->str) continue;
        size_t j = (size_t)(s->hash ^ (s->hash >> 29)) & new_mask;
        while (fresh[j].str) j = (j + 1) & new_mask;
        fresh[j] = *s;
    }
    PyMem_Free(t->slots);
    t->slots = fresh;
    t->mask = new_mask;
    return 0;
}

/* The str of bytes p[0:n] whose hash is h (a borrowed reference);
 * NULL with no exception set when they are not UTF-8, NULL with one on
 * memory errors. */
static PyObject *token(Table *t, const char *p, Py_ssize_t n, uint64_t h) {
    size_t j = (size_t)(h ^ (h >> 29)) & t->mask;
    while (t->slots[j].str) {
        Slot *s = &t->slots[j];
        if (s->hash == h && s->size == n && same_bytes(s->text, p, n)) return s->str;
        j = (j + 1) & t->mask;
    }
    PyObject *str = PyUnicode_DecodeUTF8(p, n, "strict");
    if (!str) {
        if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) PyErr_Clear();
        return NULL;
    }
    t->slots[j].text = p;
    t->slots[j].size = n;
    t->slots[j].hash = h;
    t->slots[j].str = str;
    if (++t->used * 2 > t->mask && table_grow(t) < 0) return NULL;
    return str;
}

/* ---- the tree being read ---- */

typedef struct {
    int32_t start, end, line, children;
} NodeInts;

typedef struct {
    NodeInts *nodes;
    Py_ssize_t n_nodes, cap_nodes;
    Py_ssize_t *stack; /* indices into nodes of the open brackets */
    Py_ssize_t depth, cap_stack;
    PyObject *labels, *node_words, *words, *tags; /* lists, owned */
    int32_t first_line;
} Building;

static int building_reset(Building *b) {
    Py_XDECREF(b->labels);
    Py_XDECREF(b->node_words);
    Py_XDECREF(b->words);
    Py_XDECREF(b->tags);
    b->labels = PyList_New(0);
    b->node_words = PyList_New(0);
    b->words = PyList_New(0);
    b->tags = PyList_New(0);
    b->n_nodes = 0;
    b->depth = 0;
    return (b->labels && b->node_words && b->words && b->tags) ? 0 : -1;
}

static void building_free(Building *b) {
    Py_XDECREF(b->labels);
    Py_XDECREF(b->node_words);
    Py_XDECREF(b->words);
    Py_XDECREF(b->tags);
    PyMem_Free(b->nodes);
    PyMem_Free(b->stack);
}

static int grow(void **array, Py_ssize_t *cap, size_t item) {
    Py_ssize_t wanted = *cap ? *cap * 2 : 64;
    if (resize(array, wanted, item) < 0) return -1;
    *cap = wanted;
    return 0;
}

/* Outcomes of scan_into besides 0 (done). */
#define NOT_CLEAN 1
#define FAILED -1

static int scan_into(const char *data, Py_ssize_t size, PyObject *out) {
    Table table = {0};
    Building b;
    memset(&b, 0, sizeof b);
    int status = FAILED;
    if (table_init(&table) < 0 || building_reset(&b) < 0) goto done;
    int32_t line = 1;
    Py_ssize_t i = 0;
    if (size >= INT32_MAX) { status = NOT_CLEAN; goto done; }
    while (i < size) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\n') { line++; i++; continue; }
        if (c == '\r') { line++; i++; if (i < size && data[i] == '\n') i++; continue; }
        if (is_space(c)) { i++; continue; }
        if (c == '\0') { status = NOT_CLEAN; goto done; }
        if (c == '(') {
            Py_ssize_t j = ++i;
            uint64_t h = HASH_START;
            while (j < size && !ends_token((unsigned char)data[j])) {
                if (data[j] == '\0') { status = NOT_CLEAN; goto done; }
                h = HASH_STEP(h, data[j]);
                j++;
            }
            PyObject *label = token(&table, data + i, j - i, h);
            if (!label) { status = PyErr_Occurred() ? FAILED : NOT_CLEAN; goto done; }
            i = j;
            if (b.depth) {
                Py_ssize_t parent = b.stack[b.depth - 1];
                if (PyList_GET_ITEM(b.node_words, parent) != Py_None) { status = NOT_CLEAN; goto done; }
                b.nodes[parent].children++;
            } else {
                b.first_line = line;
            }
            if (b.n_nodes == b.cap_nodes && grow((void **)&b.nodes, &b.cap_nodes, sizeof(NodeInts)) < 0) goto done;
            if (b.depth == b.cap_stack && grow((void **)&b.stack, &b.cap_stack, sizeof(Py_ssize_t)) < 0) goto done;
            NodeInts *node = &b.nodes[b.n_nodes];
            node->start = (int32_t)PyList_GET_SIZE(b.words);
            node->end = 0;
            node->line = line;
            node->children = 0;
            if (PyList_Append(b.labels, label) < 0 || PyList_Append(b.node_words, Py_None) < 0) goto done;
            b.stack[b.depth++] = b.n_nodes++;
            continue;
        }
        if (c == ')') {
            i++;
            if (!b.depth) { status = NOT_CLEAN; goto done; }
            Py_ssize_t closed = b.stack[--b.depth];
            b.nodes[closed].end = (int32_t)PyList_GET_SIZE(b.words);
            if (!b.depth) {
                PyObject *ints = PyBytes_FromStringAndSize((const char *)b.nodes, b.n_nodes * (Py_ssize_t)sizeof(NodeInts));
                if (!ints) goto done;
                PyObject *tree = Py_BuildValue("(OONOOii)", b.labels, b.node_words, ints, b.words, b.tags,
                                               (int)b.first_line, (int)line);
                if (!tree) goto done;
                int failed = PyList_Append(out, tree);
                Py_DECREF(tree);
                if (failed < 0 || building_reset(&b) < 0) goto done;
            }
            continue;
        }
        /* a word */
        Py_ssize_t j = i;
        uint64_t h = HASH_START;
        while (j < size && !ends_token((unsigned char)data[j])) {
            if (data[j] == '\0') { status = NOT_CLEAN; goto done; }
            h = HASH_STEP(h, data[j]);
            j++;
        }
        if (!b.depth) { status = NOT_CLEAN; goto done; }
        Py_ssize_t owner = b.stack[b.depth - 1];
        if (b.nodes[owner].children || PyList_GET_ITEM(b.node_words, owner) != Py_None) {
            status = NOT_CLEAN;
            goto done;
        }
        PyObject *word = token(&table, data + i, j - i, h);
        if (!word) { status = PyErr_Occurred() ? FAILED : NOT_CLEAN; goto done; }
        i = j;
        Py_INCREF(word);
        PyList_SET_ITEM(b.node_words, owner, word); /* replaces None (immortal-safe: decref below) */
        Py_DECREF(Py_None);
        if (PyList_Append(b.words, word) < 0 || PyList_Append(b.tags, PyList_GET_ITEM(b.labels, owner)) < 0) goto done;
    }
    status = b.depth ? NOT_CLEAN : 0;
done:
    building_free(&b);
    table_free(&table);
    return status;
}

static PyObject *scan(PyObject *module, PyObject *arg) {
    (void)module;
    if (!PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "scan() takes bytes");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int status = scan_into(PyBytes_AS_STRING(arg), PyBytes_GET_SIZE(arg), out);
    if (status == 0) return out;
    Py_DECREF(out);
    if (status == NOT_CLEAN && !PyErr_Occurred()) Py_RETURN_NONE;
    return NULL;
}

static PyMethodDef methods[] = {
    {"scan", scan, METH_O,
     "scan(data: bytes) -> list | None: every tree's (labels, node_words, ints, words, tags, first_line,"
     " last_line), or None when the input is not clean (the Python reader then reports why)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_treescan",
    "Bracketed trees read in C: the accelerator of jpcore.formats.trees (see the C source's opening comment).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__treescan(void) { return PyModule_Create(&module); }
