"""Short Whist by the English club code: the sheet (`sheet`), a deal as the table calls it
(`laws`), what may still be corrected (`corrections`), the formats whist-rubber/1 and
whist-sheet/1 (`interchange`), where each figure goes (`layout`), and the sheet in words
(`text`)."""
