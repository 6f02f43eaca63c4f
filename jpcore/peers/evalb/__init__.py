"""EVALB (the 2006 ``evalb.c``) ported byte for byte: same stdout, stderr and exit status.

One concept a module: :mod:`~jpcore.peers.evalb.params` (parameter files and
presets, read as EVALB reads them), :mod:`~jpcore.peers.evalb.reader` (a line
of brackets, read with EVALB's flat rules), :mod:`~jpcore.peers.evalb.quote`
(the quote repair), :mod:`~jpcore.peers.evalb.crossing` (EVALB's crossing
test, in time that does not grow with bracket lengths),
:mod:`~jpcore.peers.evalb.calc` (scoring one line pair),
:mod:`~jpcore.peers.evalb.legacy` (EVALB's main loop; the common line pairs
read and scored in C by the optional ``_fastlines`` extension), :mod:`~jpcore.peers.evalb.result`
(rows and summary blocks), :mod:`~jpcore.peers.evalb.report` (EVALB's exact text)
and :mod:`~jpcore.peers.evalb.command` (EVALB's own command line).

Lines are paired by number, nothing is aligned.  :mod:`jpcore.parseval` (jp-evalb)
scores after the jp-alignment and prints its table and summary through
:mod:`~jpcore.peers.evalb.report` and :class:`~jpcore.peers.evalb.result.EvalbSummary`.
"""
