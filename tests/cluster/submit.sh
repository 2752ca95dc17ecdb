#!/usr/bin/env bash
# A stand-in for a cluster's submit command (sbatch, qsub): start the job script Snakemake
# wrote as a separate process, detached from the submitting one, and print a job id.
# Each job then runs self-contained, as it would on a compute node.
set -euo pipefail
jobscript="$1"
log="$(dirname "$jobscript")/$(basename "$jobscript").out"
nohup bash "$jobscript" >"$log" 2>&1 &
echo "local-$!"
