/*
 * jpcore.peers.evalb._fastlines: EVALB legacy mode's common case, compiled.
 *
 * Contract
 * --------
 *   score_lines(gold_data: bytes, test_data: bytes, config: tuple)
 *       -> (rows: list[tuple | None], n_gold_lines: int, n_test_lines: int)
 *
 * Both files are split into lines as legacy._lines does (fgets-like: every
 * line ends at its "\n", the last one may lack it; b"" has no line).  Entry
 * i of ``rows`` is the pair of line i + 1 of both files, for every line
 * number the two files share.  It is either the row of that pair, a tuple
 *
 *   (length, status, matched, gold, test, cross, words, correct_tags)
 *
 * with status 0: EvalbRow's fields after its id (EvalbRow(line_no, *row)),
 * exactly as the Python path (reader.read_line_fast then calc.calc)
 * computes them; or None: "not mine",
 * the Python path then reads and scores that pair as it always does.  Every
 * line is read independently; nothing here reports an error, so a pair that
 * would report anything (or touch the state EVALB keeps between lines) is
 * None.  The pure-Python path stays the definition; the tests hold the two
 * equal (tests/test_evalb_fastlines.py).
 *
 * ``config`` is EvalbConfig.accelerator (reader.py), plain Python objects:
 *   (labeled: bool, delete: frozenset[bytes], delete_for_length:
 *    frozenset[bytes], delete_cut: frozenset[bytes], classes: dict[bytes,
 *    bytes] | None, eq_labels: frozenset[tuple[bytes, bytes]],
 *    table_limit: int)
 * The caller only calls with DEBUG 0 and a label configuration that
 * counting covers: labeled with classes (or no EQ_LABEL), or unlabeled.
 *
 * Reading rules (reader.read_line_fast, EVALB's flat reading)
 * ----------------------------------------------------------
 * Whitespace is C isspace in the "C" locale: space, \t, \n, \v, \f, \r.
 * Between tokens whitespace is skipped; a token is
 *   "(" LABEL                      an open bracket, or, when whitespace
 *       [ws WORD ")"]              follows, a terminal "(LABEL WORD)";
 *   ")"                            closes the innermost open bracket.
 * LABEL and WORD run to the next whitespace or bracket and may be empty:
 * "(X )" is a terminal with the empty word, "(X)" an open bracket closed
 * at once (a zero-width bracket), "(X (Y y))" an open bracket X.
 * A terminal counts for the length unless its label is in
 * DELETE_LABEL_FOR_LENGTH, and is a word (with its label as tag) unless its
 * label is in DELETE_LABEL.  A bracket spans the words read between its
 * "(" and its ")".
 * Not mine (None): a NUL byte in either line; a stray character (anything
 * but whitespace or "(" where a token starts); "(LABEL WORD" not closed by
 * ")"; a ")" with no open bracket; a bracket still open at the end of the
 * line (the Python path reports it).
 *
 * Scoring rules (calc.calc for a pair with no error)
 * --------------------------------------------------
 * Not mine (None): no word on the test side (a status 2 row); word counts
 * that differ (the quote repair, "Length unmatch"); words that differ as
 * bytes (EQ_WORD, "Words unmatch"); a crossing table that would cost more
 * than table_limit writes per bracket (calc.crossing_regular: a deep tree,
 * the Python path sweeps).
 * Kept brackets (calc.kept_brackets): spans that are not empty, whose label
 * cut at its first '-' or '=' (even at position 0) is not in delete_cut;
 * the cut label is then replaced by its class (classes.get(cut, cut)).
 * matched = sum over keys (start, end, class) of min(gold count, test
 * count); unlabeled, the key is (start, end).  Both key lists are sorted
 * and merged: n log n, no all-pairs loop (a line may hold thousands of
 * brackets).
 * cross = test brackets that some gold bracket crosses (a < s < b < e or
 * s < a < e < b); both lines are balanced, so the gold brackets are
 * laminar and one table of the innermost gold bracket around each word
 * boundary answers each test bracket in constant time.
 * correct_tags = word positions whose tags are equal as bytes or an
 * EQ_LABEL pair (which, where classes exist, is equality of class).
 *
 * Written from our Python code's semantics; no code of evalb.c is used.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* C isspace() in the "C" locale */
static unsigned char is_space[256];
/* a byte that ends a label or a word: whitespace or a bracket */
static unsigned char is_stop[256];

/* ------------------------------------------------------------------ */
/* Growable arrays                                                     */
/* ------------------------------------------------------------------ */

static int
grow(void **items, Py_ssize_t *cap, Py_ssize_t need, size_t size)
{
    Py_ssize_t n;
    void *more;
    if (need <= *cap)
        return 0;
    n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    more = PyMem_Realloc(*items, (size_t)n * size);
    if (more == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *items = more;
    *cap = n;
    return 0;
}

#define ENSURE(array, cap, need) \
    grow((void **)&(array), &(cap), (need), sizeof(*(array)))

/* ------------------------------------------------------------------ */
/* Labels: each distinct label byte string gets an id and, once, what  */
/* the configuration says about it                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *p;         /* the bytes (in the input or in `obj`) */
    Py_ssize_t n;
    uint64_t hash;
    PyObject *obj;         /* the label as bytes (owned) */
    int counts_length;     /* terminal: not in DELETE_LABEL_FOR_LENGTH */
    int is_word;           /* terminal: not in DELETE_LABEL */
    int bracket_deleted;   /* bracket: cut label in delete_cut */
    Py_ssize_t class_id;   /* bracket: id of its class in the class table */
} Label;

typedef struct {
    Label *items;
    Py_ssize_t count, cap;
    Py_ssize_t *slots;     /* open addressing: index + 1, 0 = free */
    Py_ssize_t mask;
} Table;

static uint64_t
hash_bytes(const char *p, Py_ssize_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

static void
table_free(Table *t)
{
    Py_ssize_t i;
    for (i = 0; i < t->count; i++)
        Py_XDECREF(t->items[i].obj);
    PyMem_Free(t->items);
    PyMem_Free(t->slots);
    memset(t, 0, sizeof(*t));
}

static int
table_rehash(Table *t, Py_ssize_t size)
{
    Py_ssize_t i, *slots = PyMem_Calloc((size_t)size, sizeof(Py_ssize_t));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < t->count; i++) {
        Py_ssize_t s = (Py_ssize_t)(t->items[i].hash & (uint64_t)(size - 1));
        while (slots[s])
            s = (s + 1) & (size - 1);
        slots[s] = i + 1;
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 0;
}

/* The id of the label p[:n], added (with `added` set) if new; -1 on error. */
static Py_ssize_t
table_find(Table *t, const char *p, Py_ssize_t n, int *added)
{
    uint64_t h = hash_bytes(p, n);
    Py_ssize_t s, id;
    Label *label;
    *added = 0;
    if (t->slots == NULL && table_rehash(t, 64) < 0)
        return -1;
    s = (Py_ssize_t)(h & (uint64_t)t->mask);
    while (t->slots[s]) {
        label = &t->items[t->slots[s] - 1];
        if (label->hash == h && label->n == n && memcmp(label->p, p, (size_t)n) == 0)
            return t->slots[s] - 1;
        s = (s + 1) & t->mask;
    }
    if (ENSURE(t->items, t->cap, t->count + 1) < 0)
        return -1;
    id = t->count++;
    label = &t->items[id];
    memset(label, 0, sizeof(*label));
    label->hash = h;
    label->n = n;
    label->obj = PyBytes_FromStringAndSize(p, n);
    if (label->obj == NULL) {
        t->count--;
        return -1;
    }
    /* point at the object's own copy: the id outlives any one input buffer */
    label->p = PyBytes_AS_STRING(label->obj);
    t->slots[s] = id + 1;
    *added = 1;
    if (2 * t->count > t->mask && table_rehash(t, 2 * (t->mask + 1)) < 0)
        return -1;
    return id;
}

/* ------------------------------------------------------------------ */
/* The run's state                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *p;         /* a word (inside the input) */
    Py_ssize_t n;
    Py_ssize_t tag;        /* label id of its terminal */
} Word;

typedef struct {
    Py_ssize_t start, end; /* word indexes; end -1 while open */
    Py_ssize_t label;      /* label id */
} Bracket;

typedef struct {
    Py_ssize_t start, end, cls;
} Key;

typedef struct {
    Word *words;
    Py_ssize_t n_words, cap_words;
    Bracket *brackets;
    Py_ssize_t n_brackets, cap_brackets;
    Py_ssize_t *stack;
    Py_ssize_t cap_stack;
    Key *kept;
    Py_ssize_t n_kept, cap_kept;
    Py_ssize_t length;
} Side;

typedef struct {
    /* the configuration (borrowed) */
    int labeled;
    PyObject *delete_labels, *delete_for_length, *delete_cut, *classes, *eq_labels;
    Py_ssize_t table_limit;
    Table labels;          /* raw labels */
    Table classes_seen;    /* bracket classes (only their ids matter) */
    Side gold, test;
    Py_ssize_t *inner_end, *inner_start;
    Py_ssize_t cap_inner_end, cap_inner_start;
} State;

static void
side_free(Side *side)
{
    PyMem_Free(side->words);
    PyMem_Free(side->brackets);
    PyMem_Free(side->stack);
    PyMem_Free(side->kept);
}

static void
state_free(State *st)
{
    table_free(&st->labels);
    table_free(&st->classes_seen);
    side_free(&st->gold);
    side_free(&st->test);
    PyMem_Free(st->inner_end);
    PyMem_Free(st->inner_start);
}

/* What the configuration says about a new label (EvalbConfig.terminal and
 * EvalbConfig.bracket).  0, or -1 on error. */
static int
describe_label(State *st, Label *label)
{
    Py_ssize_t cut, added;
    PyObject *cut_obj, *cls_obj;
    int found, fresh;
    const char *p;

    found = PySet_Contains(st->delete_for_length, label->obj);
    if (found < 0)
        return -1;
    label->counts_length = !found;
    found = PySet_Contains(st->delete_labels, label->obj);
    if (found < 0)
        return -1;
    label->is_word = !found;

    /* cut at the first '-' or '=' (even at 0) */
    p = label->p;
    for (cut = 0; cut < label->n && p[cut] != '-' && p[cut] != '='; cut++)
        ;
    if (cut == label->n) {
        cut_obj = label->obj;
        Py_INCREF(cut_obj);
    }
    else {
        cut_obj = PyBytes_FromStringAndSize(p, cut);
        if (cut_obj == NULL)
            return -1;
    }
    found = PySet_Contains(st->delete_cut, cut_obj);
    if (found < 0) {
        Py_DECREF(cut_obj);
        return -1;
    }
    label->bracket_deleted = found;
    cls_obj = cut_obj;
    if (st->classes != Py_None) {
        cls_obj = PyDict_GetItemWithError(st->classes, cut_obj);
        if (cls_obj == NULL) {
            if (PyErr_Occurred()) {
                Py_DECREF(cut_obj);
                return -1;
            }
            cls_obj = cut_obj;
        }
        else if (!PyBytes_Check(cls_obj)) {
            Py_DECREF(cut_obj);
            PyErr_SetString(PyExc_TypeError, "classes must map bytes to bytes");
            return -1;
        }
    }
    added = table_find(&st->classes_seen, PyBytes_AS_STRING(cls_obj),
                       PyBytes_GET_SIZE(cls_obj), &fresh);
    Py_DECREF(cut_obj);
    if (added < 0)
        return -1;
    label->class_id = added;
    return 0;
}

static Py_ssize_t
label_id(State *st, const char *p, Py_ssize_t n)
{
    int added;
    Py_ssize_t id = table_find(&st->labels, p, n, &added);
    if (id >= 0 && added && describe_label(st, &st->labels.items[id]) < 0)
        return -1;
    return id;
}

/* ------------------------------------------------------------------ */
/* Reading one line                                                    */
/* ------------------------------------------------------------------ */

/* 1: read; 0: not mine; -1: error (exception set). */
static int
read_side(State *st, Side *side, const char *line, Py_ssize_t n)
{
    Py_ssize_t i = 0, depth = 0, label_start, label_n, word_start, id;
    Label *label;

    side->n_words = 0;
    side->n_brackets = 0;
    side->length = 0;
    if (memchr(line, '\0', (size_t)n) != NULL)
        return 0;
    for (;;) {
        while (i < n && is_space[(unsigned char)line[i]])
            i++;
        if (i == n)
            break;
        if (line[i] == ')') {
            if (depth == 0)
                return 0; /* a surplus ")" */
            side->brackets[side->stack[--depth]].end = side->n_words;
            i++;
            continue;
        }
        if (line[i] != '(')
            return 0; /* a stray character */
        label_start = ++i;
        while (i < n && !is_stop[(unsigned char)line[i]])
            i++;
        label_n = i - label_start;
        if (i < n && is_space[(unsigned char)line[i]]) {
            while (i < n && is_space[(unsigned char)line[i]])
                i++;
            word_start = i;
            while (i < n && !is_stop[(unsigned char)line[i]])
                i++;
            if (i < n && line[i] == ')') {
                /* a terminal "(LABEL WORD)" */
                i++;
                id = label_id(st, line + label_start, label_n);
                if (id < 0)
                    return -1;
                label = &st->labels.items[id];
                side->length += label->counts_length;
                if (label->is_word) {
                    Word *word;
                    if (ENSURE(side->words, side->cap_words, side->n_words + 1) < 0)
                        return -1;
                    word = &side->words[side->n_words++];
                    word->p = line + word_start;
                    word->n = i - 1 - word_start;
                    word->tag = id;
                }
                continue;
            }
            if (i > word_start)
                return 0; /* "(LABEL WORD" not closed by ")" */
        }
        /* an open bracket */
        id = label_id(st, line + label_start, label_n);
        if (id < 0)
            return -1;
        if (ENSURE(side->brackets, side->cap_brackets, side->n_brackets + 1) < 0
            || ENSURE(side->stack, side->cap_stack, depth + 1) < 0)
            return -1;
        side->brackets[side->n_brackets].start = side->n_words;
        side->brackets[side->n_brackets].end = -1;
        side->brackets[side->n_brackets].label = id;
        side->stack[depth++] = side->n_brackets++;
    }
    return depth == 0; /* an unclosed bracket: the Python path reports it */
}

/* ------------------------------------------------------------------ */
/* Scoring a pair                                                      */
/* ------------------------------------------------------------------ */

static int
kept_brackets(State *st, Side *side)
{
    Py_ssize_t k;
    side->n_kept = 0;
    if (ENSURE(side->kept, side->cap_kept, side->n_brackets) < 0)
        return -1;
    for (k = 0; k < side->n_brackets; k++) {
        Bracket *b = &side->brackets[k];
        Label *label = &st->labels.items[b->label];
        if (b->start == b->end || label->bracket_deleted)
            continue;
        side->kept[side->n_kept].start = b->start;
        side->kept[side->n_kept].end = b->end;
        side->kept[side->n_kept].cls = st->labeled ? label->class_id : 0;
        side->n_kept++;
    }
    return 0;
}

static inline int
key_cmp(const Key *a, const Key *b)
{
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    if (a->end != b->end)
        return a->end < b->end ? -1 : 1;
    if (a->cls != b->cls)
        return a->cls < b->cls ? -1 : 1;
    return 0;
}

static int
key_qsort_cmp(const void *a, const void *b)
{
    return key_cmp((const Key *)a, (const Key *)b);
}

static void
sort_keys(Key *keys, Py_ssize_t n)
{
    Py_ssize_t i, j;
    if (n > 64) {
        qsort(keys, (size_t)n, sizeof(Key), key_qsort_cmp);
        return;
    }
    /* brackets come in opening order, starts never decreasing: nearly sorted */
    for (i = 1; i < n; i++) {
        Key key = keys[i];
        for (j = i; j > 0 && key_cmp(&keys[j - 1], &key) > 0; j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

/* sum over keys of min(gold count, test count); sorts both lists */
static Py_ssize_t
match_count(Side *gold, Side *test)
{
    Py_ssize_t i = 0, j = 0, matched = 0;
    int c;
    sort_keys(gold->kept, gold->n_kept);
    sort_keys(test->kept, test->n_kept);
    while (i < gold->n_kept && j < test->n_kept) {
        c = key_cmp(&gold->kept[i], &test->kept[j]);
        if (c == 0) {
            matched++;
            i++;
            j++;
        }
        else if (c < 0)
            i++;
        else
            j++;
    }
    return matched;
}

/* Test brackets crossed by a gold bracket, both lines balanced with `words`
 * words; -2 when the table would be too costly (not mine), -1 on error.
 * Call before match_count (which reorders the kept lists). */
static Py_ssize_t
crossing(State *st, Side *gold, Side *test, Py_ssize_t words)
{
    Py_ssize_t k, p, limit, total = 0, count = 0, items;
    if (gold->n_kept == 0 || test->n_kept == 0)
        return 0;
    items = gold->n_kept + test->n_kept + words;
    /* table_limit * items, saturated: a caller's huge limit must not overflow (undefined behaviour) */
    if (st->table_limit > PY_SSIZE_T_MAX / items)
        limit = PY_SSIZE_T_MAX;
    else if (st->table_limit < 0)
        limit = -1; /* any table is too costly, as any negative product said */
    else
        limit = st->table_limit * items;
    for (k = 0; k < gold->n_kept; k++) {
        Py_ssize_t size = gold->kept[k].end - gold->kept[k].start;
        if (size > 1) {
            total += size;
            if (total > limit)
                return -2;
        }
    }
    if (ENSURE(st->inner_end, st->cap_inner_end, words + 1) < 0
        || ENSURE(st->inner_start, st->cap_inner_start, words + 1) < 0)
        return -1;
    /* the innermost gold bracket strictly around each word boundary: gold
     * brackets come outer first, so later writes are the inner ones */
    for (p = 0; p <= words; p++) {
        st->inner_end[p] = words + 1;
        st->inner_start[p] = -1;
    }
    for (k = 0; k < gold->n_kept; k++) {
        Py_ssize_t start = gold->kept[k].start, end = gold->kept[k].end;
        for (p = start + 1; p < end; p++) {
            st->inner_end[p] = end;
            st->inner_start[p] = start;
        }
    }
    for (k = 0; k < test->n_kept; k++) {
        Py_ssize_t start = test->kept[k].start, end = test->kept[k].end;
        if (st->inner_end[start] < end || st->inner_start[end] > start)
            count++;
    }
    return count;
}

/* Tags equal as bytes or paired by EQ_LABEL; -1 on error. */
static Py_ssize_t
correct_tags(State *st, Side *gold, Side *test)
{
    Py_ssize_t i, correct = 0;
    int pairs = PySet_GET_SIZE(st->eq_labels) > 0;
    for (i = 0; i < gold->n_words; i++) {
        Py_ssize_t g = gold->words[i].tag, t = test->words[i].tag;
        if (g == t)
            correct++;
        else if (pairs) {
            PyObject *pair = PyTuple_Pack(2, st->labels.items[g].obj, st->labels.items[t].obj);
            int found;
            if (pair == NULL)
                return -1;
            found = PySet_Contains(st->eq_labels, pair);
            Py_DECREF(pair);
            if (found < 0)
                return -1;
            correct += found;
        }
    }
    return correct;
}

/* The row of one pair, Py_None (new reference) when not mine, NULL on error. */
static PyObject *
score_pair(State *st, const char *gold_line, Py_ssize_t gold_n,
           const char *test_line, Py_ssize_t test_n)
{
    Side *gold = &st->gold, *test = &st->test;
    Py_ssize_t i, words, cross, matched, correct;
    int ok;

    ok = read_side(st, gold, gold_line, gold_n);
    if (ok <= 0)
        goto not_mine;
    ok = read_side(st, test, test_line, test_n);
    if (ok <= 0)
        goto not_mine;
    words = gold->n_words;
    if (test->n_words == 0 || test->n_words != words)
        Py_RETURN_NONE;
    for (i = 0; i < words; i++) {
        const Word *g = &gold->words[i], *t = &test->words[i];
        if (g->n != t->n || memcmp(g->p, t->p, (size_t)g->n) != 0)
            Py_RETURN_NONE;
    }
    if (kept_brackets(st, gold) < 0 || kept_brackets(st, test) < 0)
        return NULL;
    cross = crossing(st, gold, test, words);
    if (cross == -1)
        return NULL;
    if (cross == -2)
        Py_RETURN_NONE;
    matched = match_count(gold, test);
    correct = correct_tags(st, gold, test);
    if (correct < 0)
        return NULL;
    return Py_BuildValue("(ninnnnnn)", gold->length, 0, matched, gold->n_kept, test->n_kept,
                         cross, words, correct);
not_mine:
    if (ok < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* the end of the line starting at p (after its "\n", or the end of data) */
static const char *
line_end(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl == NULL ? end : nl + 1;
}

static Py_ssize_t
count_lines(const char *p, const char *end)
{
    Py_ssize_t n = 0;
    while (p < end) {
        p = line_end(p, end);
        n++;
    }
    return n;
}

static int
check_set(PyObject *obj, const char *name)
{
    if (!PyAnySet_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "config: %s must be a set or frozenset", name);
        return -1;
    }
    return 0;
}

static PyObject *
score_lines(PyObject *module, PyObject *args)
{
    PyObject *gold_data, *test_data, *config, *rows = NULL, *row;
    const char *g, *g_end, *t, *t_end, *g_next, *t_next;
    State st;

    (void)module;
    memset(&st, 0, sizeof(st));
    if (!PyArg_ParseTuple(args, "SSO!:score_lines", &gold_data, &test_data, &PyTuple_Type, &config))
        return NULL;
    if (!PyArg_ParseTuple(config, "pOOOOOn:score_lines config", &st.labeled, &st.delete_labels,
                          &st.delete_for_length, &st.delete_cut, &st.classes, &st.eq_labels,
                          &st.table_limit))
        return NULL;
    if (check_set(st.delete_labels, "delete") < 0 || check_set(st.delete_for_length, "delete_for_length") < 0
        || check_set(st.delete_cut, "delete_cut") < 0 || check_set(st.eq_labels, "eq_labels") < 0)
        return NULL;
    if (st.classes != Py_None && !PyDict_Check(st.classes)) {
        PyErr_SetString(PyExc_TypeError, "config: classes must be a dict or None");
        return NULL;
    }
    g = PyBytes_AS_STRING(gold_data);
    g_end = g + PyBytes_GET_SIZE(gold_data);
    t = PyBytes_AS_STRING(test_data);
    t_end = t + PyBytes_GET_SIZE(test_data);
    rows = PyList_New(0);
    if (rows == NULL)
        return NULL;
    while (g < g_end && t < t_end) {
        g_next = line_end(g, g_end);
        t_next = line_end(t, t_end);
        row = score_pair(&st, g, g_next - g, t, t_next - t);
        if (row == NULL || PyList_Append(rows, row) < 0) {
            Py_XDECREF(row);
            goto error;
        }
        Py_DECREF(row);
        g = g_next;
        t = t_next;
    }
    state_free(&st);
    {
        Py_ssize_t shared = PyList_GET_SIZE(rows);
        return Py_BuildValue("(Nnn)", rows, shared + count_lines(g, g_end),
                             shared + count_lines(t, t_end));
    }
error:
    state_free(&st);
    Py_DECREF(rows);
    return NULL;
}

static PyMethodDef methods[] = {
    {"score_lines", score_lines, METH_VARARGS,
     "score_lines(gold_data, test_data, config) -> (rows, n_gold_lines, n_test_lines)\n\n"
     "EVALB legacy mode's common case: per shared line number, the row tuple\n"
     "(length, 0, matched, gold, test, cross, words, correct_tags) of a\n"
     "status 0 pair, or None where the Python path must read and score it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_fastlines",
    "EVALB legacy mode's common case in C (see the source's opening comment).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__fastlines(void)
{
    const char *space = " \t\n\v\f\r";
    memset(is_space, 0, sizeof(is_space));
    memset(is_stop, 0, sizeof(is_stop));
    for (; *space; space++)
        is_space[(unsigned char)*space] = is_stop[(unsigned char)*space] = 1;
    is_stop['('] = is_stop[')'] = 1;
    return PyModule_Create(&module_def);
}
