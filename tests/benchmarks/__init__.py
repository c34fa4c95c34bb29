"""The benchmark scripts' own logic (their figures are never asserted: only how they are counted)."""
