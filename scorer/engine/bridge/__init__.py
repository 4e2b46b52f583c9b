"""Bridge by the Laws of 1905, four playing or three: the sheet (`sheet`), what may still
be corrected (`corrections`), the formats elwell-rubber/1 and elwell-sheet/1
(`interchange`), where each figure goes (`layout`), the sheet in words (`text`), and the
laws that are three players' own (`three_handed`)."""
