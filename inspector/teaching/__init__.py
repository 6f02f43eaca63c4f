"""The Teaching page: nltk systems run live on a raw text, every count explained (built on the tokens view)."""
