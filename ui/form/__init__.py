"""The member form: the field table, the widgets, what is typed read into the member, saved files."""
