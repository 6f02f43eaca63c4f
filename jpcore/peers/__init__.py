"""Exact ports of the peer tools, byte for byte: EVALB (:mod:`jpcore.peers.evalb`) and
errant_compare (:mod:`jpcore.peers.errant_compare`).  The jp evaluations build on them;
they import nothing from the evaluations."""
