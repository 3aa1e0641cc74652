#!/usr/bin/env python3
"""Executes every notebook in Notebooks/ top to bottom with nbclient.

    scripts/run-notebooks.py            # execute in memory; exit 1 naming the notebook and cell that failed
    scripts/run-notebooks.py --write    # also save the outputs into the notebooks (commit them)

Also checks that each committed notebook was saved executed (every code cell has run and kept
its outputs), so that it renders on a code host. Run through scripts/notebooks, which sets up the pinned environment.
"""
import argparse, os, sys, time
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
folder = os.path.join(root, "Notebooks")
p = argparse.ArgumentParser()
p.add_argument("--write", action="store_true")
p.add_argument("names", nargs="*")
a = p.parse_args()

names = a.names or sorted(n for n in os.listdir(folder) if n.endswith(".ipynb"))
failed = []
for name in names:
    path = os.path.join(folder, name)
    stored = nbformat.read(path, as_version=4)
    # Committed as executed: every code cell carries an execution count (its outputs, if any).
    missing = [i for i, c in enumerate(stored.cells) if c.cell_type == "code" and c.source.strip()
               and c.get("execution_count") is None]
    if missing and not a.write:
        failed.append(f"{name}: code cells {missing} were never executed; run scripts/notebooks --write and commit")
    nb = nbformat.read(path, as_version=4)
    started = time.time()
    # ipykernel would warn that its localhost TCP sockets are unencrypted (nothing leaves the
    # machine); errors of the kernel itself are still printed.
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": folder}},
                            extra_arguments=["--IPKernelApp.log_level=ERROR"])
    try:
        client.execute()
    except CellExecutionError as error:
        failed.append(f"{name}: {str(error).splitlines()[-1] if str(error) else error}")
        print(f"FAIL {name}\n{error}", file=sys.stderr)
        continue
    print(f"ok   {name} ({time.time() - started:.1f} s)", file=sys.stderr)
    if a.write:
        # Execution timestamps would make every re-run a diff; outputs are what matter.
        for cell in nb.cells:
            cell.metadata.pop("execution", None)
        nbformat.write(nb, path)

if failed:
    print("\n".join(failed), file=sys.stderr)
    sys.exit(1)
