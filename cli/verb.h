// The shape of a verb: a name, a one-line help, and a function that declares its
// flags on a CLI11 subcommand and returns the action to run after parsing.
// cli/main.cpp keeps the explicit table of verbs (as ninja keeps kTools).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace kg::cli {

/// Exit codes, documented in man/kueuegov.1.
enum ExitCode : int {
    k_exit_ok = 0,        ///< success, no findings at or above --fail-on
    k_exit_findings = 1,  ///< findings at or above the threshold (lint, audit check), or bad lines skipped (ingest)
    k_exit_usage = 2,     ///< usage error or unreadable / invalid input
    k_exit_unavailable = 3,  ///< the evidence store's server cannot be reached or refused the session
};

using VerbAction = std::function<int()>;

struct Verb {
    const char* name;
    const char* help;
    /// Declares flags on `cmd` and returns the action to run once parsing succeeded.
    std::function<VerbAction(CLI::App& cmd)> setup;
};

}  // namespace kg::cli
