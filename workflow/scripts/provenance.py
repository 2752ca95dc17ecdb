"""The report's provenance page: software versions, every data file's source and checksums, the
config; and the software versions as a table the replication report reads."""

from pathlib import Path

import yaml

from clustval.io import atomic_write_text
from clustval.repro.paper.report import (
    data_provenance,
    machine_facts,
    provenance_html,
    software_versions,
)
from clustval.repro.pipeline import step
from clustval.repro.verified import write_verified_csv

with step(snakemake):
    files = sorted(path for folder in snakemake.input.data for path in Path(folder).glob("*.csv"))
    versions = {**machine_facts(snakemake.params.commit), **software_versions()}
    page = provenance_html(
        data_provenance(files), versions,
        yaml.safe_dump(snakemake.params.config, sort_keys=False, allow_unicode=True),
    )
    atomic_write_text(snakemake.output.html, page)
    write_verified_csv([{"software": name, "version": version} for name, version in versions.items()],
                       ["software", "version"], snakemake.output.environment)
