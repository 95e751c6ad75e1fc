// Shared input handling for verbs that read manifests: the -f/--filename flag
// (and positional paths), loading, and printing input diagnostics to stderr.
#pragma once

#include "model/cluster.h"
#include "model/diagnostic.h"
#include "model/loader.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace kg::cli {

/// The load options set by the input limit flags (defaults until a command line sets them).
model::LoadOptions& input_load_options();

/// Adds `--max-input-bytes N`, `--max-total-input-bytes N`, `--max-nodes-per-object N` and
/// `--max-mapping-keys N` (into input_load_options()).
void add_input_limit_flags(CLI::App& cmd);

/// Adds only `--max-nodes-per-object N` and `--max-mapping-keys N` (audit ingest, whose byte
/// limits differ: logs have no total cap).
void add_document_limit_flags(CLI::App& cmd);

/// Adds `--max-input-bytes`, `--max-total-input-bytes`, `-f,--filename PATH` (repeatable) and positional PATH... to `cmd`, both into `paths`.
void add_filename_flags(CLI::App& cmd, std::vector<std::string>& paths, bool required = true);

struct LoadedInput {
    model::Cluster cluster;
    model::DiagSink diags;
    bool ok = true;  ///< false when a path could not be read at all (exit 2)
};

/// Prints every diagnostic to stderr as `file:line:col: error: ...` with the source line.
void print_diagnostics(const model::SourceFiles& files, const model::DiagSink& diags);

/// True (after printing each problem as `file:line:col: error: ...`) when the inputs hold a Kueue
/// Configuration that Kueue's manager would refuse at start-up: verbs that simulate Kueue stop
/// rather than simulate a manager that would not run.
bool refuse_invalid_kueue_config(const model::Cluster& c);

/// Loads `paths` and prints every input diagnostic to stderr as `file:line:col: error: ...`.
LoadedInput load_inputs(const std::vector<std::string>& paths);

}  // namespace kg::cli
