"""Members' accounts and the club's settlement: postings come with agreed rubbers."""
