"""The report's provenance page: software versions, every data file's source and checksums, the config."""

from pathlib import Path

import yaml

from clustval.io import atomic_write_text
from clustval.repro.paper.report import (
    data_provenance,
    provenance_html,
    software_versions,
    unescape_params,
)
from clustval.repro.pipeline import step

with step(snakemake):
    files = sorted(path for folder in snakemake.input for path in Path(folder).glob("*.csv"))
    page = provenance_html(
        data_provenance(files), software_versions(),
        yaml.safe_dump(unescape_params(snakemake.params.config), sort_keys=False, allow_unicode=True),
    )
    atomic_write_text(snakemake.output[0], page)
