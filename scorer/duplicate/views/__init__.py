"""The Duplicate evening's pages: the evenings and opening one, an evening's page (its
pairs as they come, the start, its tables, the late and missing results, the rankings)
(`evening`); a table's page, where North–South record each board and East–West accept it,
and the director's entry or correction (`table`); the travellers, a board, the rankings and
each pair's card (`results`); the noticeboard; and what is printed and exported
(`documents`).
"""
