#!/usr/bin/env bash
# Starts a private sshd on 127.0.0.1 for CI and the `ssh` tests (issue 22): its own config,
# host key, client key and port (2222, or TB_SSHD_PORT) under /tmp/tunebench-sshd, key
# authentication only, root by key; the machine's own sshd, its config and port 22 are left
# alone. Root only. Installs Debian's openssh-server and openssh-client when missing, without
# starting the packaged service. Writes the client config the tests pass with
# `--ssh-arg -F --ssh-arg /tmp/tunebench-sshd/ssh_config`: hosts `tb-ssh-a`, `tb-ssh-b` and
# `localhost`, all this daemon. Stop it with packaging/ci/stop-sshd.sh.
set -euo pipefail
state=/tmp/tunebench-sshd
port=${TB_SSHD_PORT:-2222}
deadline=$((SECONDS + 30))

fail() {
    echo "start-sshd: $1" >&2
    [[ -f $state/sshd.log ]] && { echo "--- last lines of $state/sshd.log" >&2; tail -n 15 "$state/sshd.log" >&2; }
    exit 1
}

((EUID == 0)) || fail "needs root (it runs sshd, which logs in as root by key)"
if [[ ! -x /usr/sbin/sshd ]] || ! command -v ssh >/dev/null || ! command -v ssh-keygen >/dev/null; then
    # No packaged sshd started on port 22 meanwhile: invoke-rc.d asks policy-rc.d (101: deny).
    made_policy=
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod 0755 /usr/sbin/policy-rc.d
        made_policy=1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        openssh-server openssh-client >/dev/null
    [[ -n $made_policy ]] && rm -f /usr/sbin/policy-rc.d
fi

# An earlier test daemon ends first (by its pid file only): fresh keys and state each time.
bash "$(dirname "$0")/stop-sshd.sh" || fail "an earlier test sshd does not stop"
rm -rf "$state"
mkdir -p "$state" /run/sshd # /run/sshd: sshd's privilege separation directory
# Its privilege separation user, which the package makes but a pruned image may lack.
# Its group may exist without it (Debian's image does), and useradd then wants it named.
if ! getent passwd sshd >/dev/null; then
    group_option=()
    getent group sshd >/dev/null && group_option=(--gid sshd)
    useradd --system --no-create-home --home-dir /run/sshd --shell /usr/sbin/nologin \
        "${group_option[@]}" sshd
fi
chmod 0700 "$state"
ssh-keygen -q -t ed25519 -N '' -C tunebench-sshd-host -f "$state/host_ed25519"
ssh-keygen -q -t ed25519 -N '' -C tunebench-sshd-client -f "$state/client_ed25519"
cp "$state/client_ed25519.pub" "$state/authorized_keys"

# StrictModes no: the keys live under /tmp, which is world-writable. UsePAM no: no login
# session machinery, so a container without PAM's services works the same.
cat >"$state/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $state/host_ed25519
PidFile $state/sshd.pid
AuthorizedKeysFile $state/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
X11Forwarding no
AllowTcpForwarding no
PrintMotd no
MaxStartups 50
LogLevel VERBOSE
EOF

cat >"$state/ssh_config" <<EOF
Host tb-ssh-a tb-ssh-b localhost
    HostName 127.0.0.1
    Port $port
Host *
    User root
    IdentityFile $state/client_ed25519
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile $state/known_hosts
    CheckHostIP no
    ConnectTimeout 5
    LogLevel ERROR
EOF

if ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
    fail "port $port is taken (another sshd?); set TB_SSHD_PORT to a free one"
fi
/usr/sbin/sshd -t -f "$state/sshd_config" || fail "sshd refuses the config $state/sshd_config"
/usr/sbin/sshd -f "$state/sshd_config" -E "$state/sshd.log" || fail "sshd did not start"

until ssh -F "$state/ssh_config" -o BatchMode=yes localhost true 2>"$state/probe.err"; do
    ((SECONDS < deadline)) ||
        fail "no login within 30 s (ssh -F $state/ssh_config localhost true: $(cat "$state/probe.err"))"
    sleep 0.2
done
echo "start-sshd: sshd (pid $(cat "$state/sshd.pid")) on 127.0.0.1:$port takes root by key"
echo "ssh client config: $state/ssh_config (hosts tb-ssh-a, tb-ssh-b, localhost)"
