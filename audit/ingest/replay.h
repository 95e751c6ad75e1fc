// `audit verify --check-files`: re-ingests every source file still present, in the order the
// store took them, into a fresh in-memory store, and compares the rows with the stored ones.
// The chain proves the rows were not changed after they were hashed; this proves they are
// what the source files actually say (an ingest bug or a rewrite with a recomputed chain).
#pragma once

#include "audit/store/store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::ingest {

struct ReplayCheck {
    std::vector<std::string> problems;  ///< rows or sources that differ from the files
    std::vector<std::string> notes;     ///< sources not checked (stdin, file missing)
    std::int64_t sources_checked = 0;
    std::int64_t rows_compared = 0;
};

ReplayCheck compare_with_sources(const EvidenceStore& store);

}  // namespace kg::audit::ingest
