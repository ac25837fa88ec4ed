#!/bin/sh
# A FAKE srun for fault injection (tst_launcherfaults): skips srun's options up to "--", runs the
# command in a child and reports its end on stderr as srun does, e.g.
# "srun: error: localhost: task 0: Killed" for a task SIGKILLed from outside.
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift
"$@"
status=$?
case $status in
137) echo "srun: error: localhost: task 0: Killed" >&2 ;;
139) echo "srun: error: localhost: task 0: Segmentation fault" >&2 ;;
134) echo "srun: error: localhost: task 0: Aborted" >&2 ;;
esac
exit $status
