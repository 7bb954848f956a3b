.PHONY: templates
# Rebuild the built-in copies of Templates/*.mustache.
templates:
	./scripts/generate-builtin-templates.sh
