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

static inline int is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static inline int ends_token(unsigned char c) { return is_space(c) || c == '(' || c == ')'; }

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
