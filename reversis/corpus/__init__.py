"""The corpus: transcriptions, corrections, translations and records of the sources."""
