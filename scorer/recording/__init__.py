"""Recording deals at a table: what every kind of table shares (the rubber's, the
Progressive evening's; the Duplicate table's to come). The deal form with its one save and
the two steps a tap away, what a save did (its sentence, the figures it marked, its undo),
and a refusal's words. A kind of table supplies only what differs, by overriding the hooks
of `Recording` (scorer/recording/table.py); its templates are templates/recording/.

"Table" here is the place where deals are recorded, whatever the evening: the evening's
table of four and more (who plays, sits out and waits) is scorer/tables/.
"""
