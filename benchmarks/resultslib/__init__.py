"""The parts of benchmarks/results.py: the data (data.py), the Markdown it renders (markdown.py), the
charts (charts.py), the check of quoted commands (commands.py) and recording new figures (record.py)."""
