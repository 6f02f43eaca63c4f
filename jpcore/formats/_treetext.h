/* jpcore/formats/_treetext.h: the bytes of bracketed trees as the C readers see them.
 *
 * Shared by jpcore/formats/_treescan.c (trees read into Python lists) and
 * jpcore/parseval/_filescore.c (two files read into flat integer arrays), so
 * that both cut tokens where jpcore/formats/trees.py's reader does: whitespace
 * is ASCII whitespace (space, \t, \n, \v, \f, \r), a token ends at whitespace
 * or a bracket.  Tokens are hashed with FNV-1a while their end is searched.
 * Include after <Python.h>.
 */
#ifndef JPCORE_TREETEXT_H
#define JPCORE_TREETEXT_H
#include <stdint.h>

#define HASH_START 1469598103934665603ULL
#define HASH_STEP(h, c) (((h) ^ (unsigned char)(c)) * 1099511628211ULL)

/* What each byte is to the readers: one table lookup a byte, not eight comparisons. */
#define TREE_SPACE 1
#define TREE_BRACKET 2
#define TREE_NUL 4
static const unsigned char TREE_BYTE[256] = {
    [' '] = TREE_SPACE, ['\t'] = TREE_SPACE, ['\n'] = TREE_SPACE, ['\r'] = TREE_SPACE, ['\v'] = TREE_SPACE,
    ['\f'] = TREE_SPACE, ['('] = TREE_BRACKET, [')'] = TREE_BRACKET, [0] = TREE_NUL,
};

static inline int is_space(unsigned char c) { return TREE_BYTE[c] & TREE_SPACE; }

static inline int ends_token(unsigned char c) { return TREE_BYTE[c] & (TREE_SPACE | TREE_BRACKET); }

/* *array made room for cap items of item bytes (PyMem_Realloc); -1 with MemoryError. */
static inline int resize(void **array, Py_ssize_t cap, size_t item) {
    void *bigger = PyMem_Realloc(*array, (size_t)cap * item);
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *array = bigger;
    return 0;
}

#endif
