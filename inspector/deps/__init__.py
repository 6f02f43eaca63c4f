"""The dependency view: jpcore ud's CoNLL 2018 metrics, unit by unit and word by word."""
