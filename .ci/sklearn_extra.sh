#!/usr/bin/env bash
# Proves that clustval's Park-Jun / SD K-medoids equal scikit-learn-extra's
# KMedoids(method="alternate") (tests/clustering/test_sklearn_extra.py).
#
# scikit-learn-extra 0.3.0 (its last release) does not import with numpy >= 2 and has no wheel
# for Python >= 3.12, and clustval must not pin numpy < 2. So the check runs in a second venv
# (Python 3.11, numpy < 2) and FAILS if scikit-learn-extra does not import there: the
# agreement is proven, never silently skipped.
#
# Env: PYTHON311 (default python3.11), SKX_VENV (default $TMPDIR/clustval-sklearn-extra-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

python311=${PYTHON311:-python3.11}
venv=${SKX_VENV:-${TMPDIR:-/tmp}/clustval-sklearn-extra-venv}

if [ ! -x "$venv/bin/python" ]; then
    "$python311" -m venv "$venv"
fi
# One resolver run, so clustval's own dependencies cannot lift numpy to 2.x.
# scikit-learn 1.3.2: contemporary with scikit-learn-extra 0.3.0 (2023), has numpy-1 wheels for
# Python 3.11, and is verified to work with it (later releases are not tested here).
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "numpy>=1.24,<2" "scikit-learn==1.3.2" "scikit-learn-extra==0.3.0" "pytest>=8" "pytest-xdist>=3.5" "hypothesis>=6.100" \
    "pyyaml>=6" -e .

if ! "$venv/bin/python" -c "import sklearn_extra.cluster, numpy; print('scikit-learn-extra', sklearn_extra.__version__, 'numpy', numpy.__version__)"; then
    echo "ERROR: scikit-learn-extra does not import in $venv; the agreement tests cannot run." >&2
    exit 1
fi

# -p no:cacheprovider: leave no .pytest_cache behind; exit code 5 (no test ran) fails too.
"$venv/bin/python" -m pytest -m sklearn_extra tests/clustering/test_sklearn_extra.py -q -p no:cacheprovider
