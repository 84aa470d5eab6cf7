#!/bin/sh
echo "coverage reports are not available in this offline build" >&2
exit 0
