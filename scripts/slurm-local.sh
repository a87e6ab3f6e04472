#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on this machine, in one folder: for test/slurm.test.ts,
# and for trying `opt experiment --slurm` by hand. Needs root and Debian's slurm-wlm and munge
# (scripts/ensure-slurm.sh installs them).
#
# Usage: bash scripts/slurm-local.sh start DIR   # DIR: an empty folder (its path short: a socket)
#        bash scripts/slurm-local.sh stop DIR
#        bash scripts/slurm-local.sh logs DIR    # the end of each daemon's log
#
# start writes DIR/slurm.conf (cluster opttest: one node, this host, on 127.0.0.1, CPUs=2,
# partition debug; free ports picked for slurmctld and slurmd), a munge key of its own, starts
# munged (its socket in DIR), slurmctld and slurmd (their state, spool, pid files and logs in DIR),
# waits for the node to be idle and prints `export SLURM_CONF=DIR/slurm.conf`: sbatch, squeue,
# sinfo and scontrol with that variable talk to this cluster, not to any other of the machine.
# No accounting database (no slurmdbd: sacct has nothing); finished jobs stay visible to
# `scontrol show job` for 10 minutes (MinJobAge). stop cancels the cluster's jobs and ends the
# daemons by their pid files (TERM, then KILL after 10 s).
set -euo pipefail

die() { echo "slurm-local: error: $*" >&2; exit 1; }
[ $# = 2 ] || die "usage: slurm-local.sh start|stop|logs DIR"
cmd=$1
dir=$(cd "$2" 2>/dev/null && pwd) || die "no folder $2"
conf=$dir/slurm.conf
export SLURM_CONF=$conf

logs() {
  local f
  for f in "$dir"/log/munged.log "$dir"/log/slurmctld.log "$dir"/log/slurmd.log; do
    [ -f "$f" ] || continue
    echo "--- $f (last 30 lines)"
    tail -n 30 "$f"
  done
}

# A daemon's pid from its pid file, if that process is alive (a zombie is not: an init that does
# not reap leaves the daemons, which forked away from this script, as zombies once they end).
alive_pid() {
  local pid state
  [ -f "$1" ] || return 1
  pid=$(cat "$1" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$state" != Z ] || return 1
  echo "$pid"
}

stop_daemon() { # pid file
  local pid k
  pid=$(alive_pid "$1") || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for k in $(seq 100); do
    alive_pid "$1" >/dev/null || return 0
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
}

free_port() {
  node -e 'const s = require("net").createServer();
    s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

case "$cmd" in
  logs)
    logs
    ;;
  stop)
    if alive_pid "$dir/slurmctld.pid" >/dev/null; then
      # The cluster's jobs first: their processes (slurmstepd and below) outlive slurmd otherwise.
      jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ') || true
      if [ -n "${jobs// /}" ]; then
        # shellcheck disable=SC2086
        scancel $jobs 2>/dev/null || true
        for _ in $(seq 50); do
          [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break
          sleep 0.2
        done
      fi
    fi
    stop_daemon "$dir/slurmd.pid"
    stop_daemon "$dir/slurmctld.pid"
    stop_daemon "$dir/munged.pid"
    ;;
  start)
    [ "$(id -u)" = 0 ] || die "needs root (slurmd runs the jobs as their users; SlurmUser=root)"
    for b in munged mungekey slurmctld slurmd sbatch sinfo; do
      command -v "$b" >/dev/null 2>&1 || die "$b not found: install slurm-wlm and munge (bash scripts/ensure-slurm.sh)"
    done
    command -v node >/dev/null 2>&1 || die "node not found (it picks the free ports)"
    host=$(hostname -s)
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
    chmod 700 "$dir/munge"
    mungekey --create --keyfile="$dir/munge/munge.key" --bits=1024
    # -f: munged questions, as root, a key and socket under a folder like this one; these are
    # this cluster's alone.
    munged -f --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
      --pid-file="$dir/munged.pid" --seed-file="$dir/munge/seed" --log-file="$dir/log/munged.log" ||
      { logs >&2; die "munged did not start"; }
    ctld_port=$(free_port)
    slurmd_port=$(free_port)
    while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
    cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a single-node cluster for tests, in $dir.
ClusterName=opttest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: processes tracked through /proc, tasks not bound (containers lack the cgroup setup).
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
# The node as configured, whatever the hardware says (2 CPUs on a machine of 1 or 64).
SlurmdParameters=config_overrides
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    # -i: ignore state files of an earlier cluster (there are none in a fresh folder).
    slurmctld -i || { logs >&2; die "slurmctld did not start"; }
    slurmd || { logs >&2; die "slurmd did not start"; }
    for _ in $(seq 150); do
      state=$(sinfo -h -N -o %t 2>/dev/null | head -n1) || true
      if [ "$state" = idle ]; then
        echo "export SLURM_CONF=$conf"
        exit 0
      fi
      sleep 0.2
    done
    logs >&2
    die "the node is not idle after 30 s (sinfo says '${state:-nothing}'); the daemons' logs are above"
    ;;
  *) die "unknown command '$cmd' (start, stop or logs)" ;;
esac
