"""The club and its members: the club's settings, its members and their accounts, their
admin, and their part of the club's file."""
