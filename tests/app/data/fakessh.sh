#!/bin/sh
# A FAKE ssh for tst_clilauncher: skips ssh's options and the host up to "--" and hands the
# command to a local /bin/sh, as the remote user's shell would get it; a real ssh's quoting
# and exit statuses (the shell's 128 + signal) therefore hold.
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift
exec /bin/sh -c "$*"
