"""The club's table: each member who played over a period, his rubbers, those gained from,
net points and best partnership, read from the agreed rubbers (no money: an evening played
for points alone ranks too)."""
