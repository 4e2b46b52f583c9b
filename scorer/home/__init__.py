"""The home page: Elwell's specimen rubber worked out for a visitor, the club's rubbers
for a member."""
