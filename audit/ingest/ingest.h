// Ingest of one source into the evidence store: detects the format (JSON-lines audit log,
// or documents: EventList / JSON array / kubectl export / events list, in JSON or YAML),
// streams lines through the pre-filter and the extractor, commits in batches with the
// resume position, and seals the source with its sha256. A partial source (an ingest that
// was killed) is completed from its last commit; a source already ingested is skipped.
#pragma once

#include "audit/ingest/extract.h"
#include "audit/store/store.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

namespace kg::audit::ingest {

struct Progress {
    std::string path;
    std::uint64_t raw_read = 0;
    std::uint64_t raw_total = 0;  ///< 0 when unknown (stdin)
    std::uint64_t events = 0;
};

struct IngestOptions {
    std::size_t batch_rows = 5000;              ///< commit after this many inserted rows
    std::uint64_t batch_bytes = 8ull << 20;     ///< or after this much input
    std::optional<std::int64_t> as_of;          ///< snapshot time of exports (Unix s); default mtime
    std::size_t max_line = 64u << 20;           ///< longer lines are reported and skipped
    std::size_t max_document = 1u << 30;        ///< documents larger than this are refused
    std::ostream* diag = nullptr;               ///< bad-line messages (required)
    /// Called after each commit; used for the terminal progress line.
    std::function<void(const Progress&)> on_commit;
};

struct SourceResult {
    /// changed: the file shrank, grew or was rewritten while being read; what was read is stored
    /// but the source stays partial (not sealed).
    enum class Status { ingested, resumed, duplicate, unreadable, changed };
    Status status = Status::ingested;
    std::string path;
    std::string format;       ///< audit-jsonl, documents, empty
    std::string compression;  ///< none, gzip
    std::string message;      ///< why unreadable, or which source it duplicates
    std::int64_t source_id = 0;
    Counts counts;
};

SourceResult ingest_source(EvidenceStore& store, const std::string& path, const IngestOptions& opt);

}  // namespace kg::audit::ingest
