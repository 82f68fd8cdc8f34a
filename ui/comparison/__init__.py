"""The comparison page: up to four scenarios side by side."""
