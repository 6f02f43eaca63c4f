"""The Analysis page: buckets, confusion matrices and worst units of what any evaluation view has loaded."""
