// `git:REV[:PATH]` inputs: the manifests of a revision of the current repository,
// read with `git ls-tree` and `git show` (no checkout, no temporary files).
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"

#include <string>

namespace kg::cli {

/// True when `spec` names a git revision ("git:main", "git:HEAD~1:queues/").
bool is_git_source(const std::string& spec);

/// Loads every .yaml/.yml/.json file of the revision (under PATH if given) into `out`.
/// Files are named "REV:path" in diagnostics. Each blob is read within the byte limits of `opt`
/// (per file, and per run through opt.run_read). False when git cannot read the revision or a
/// blob exceeds a limit.
bool load_git_source(const std::string& spec, model::Cluster& out, model::DiagSink& diags,
                     const model::LoadOptions& opt);

}  // namespace kg::cli
