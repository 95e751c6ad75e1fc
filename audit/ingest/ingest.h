// Ingest of one source into the evidence store: detects the format (JSON-lines audit log,
// or documents: EventList / JSON array / kubectl export / events list, in JSON or YAML),
// streams lines through the pre-filter and the extractor, commits in batches with the
// resume position, and seals the source with its sha256. A partial source (an ingest that
// was killed) is completed from its last commit; a source already ingested is skipped.
#pragma once

#include "audit/ingest/extract.h"
#include "audit/store/store.h"
#include "model/loader.h"

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

/// Default of --max-line-bytes.
inline constexpr std::size_t k_default_max_line = 64u << 20;

struct IngestOptions {
    std::size_t batch_rows = 5000;              ///< commit after this many inserted rows
    std::uint64_t batch_bytes = 8ull << 20;     ///< or after this much input
    std::optional<std::int64_t> as_of;          ///< snapshot time of exports (Unix s); default mtime
    std::string cluster = "default";            ///< the cluster every row is stored under (--cluster)
    /// Longer lines are reported (file:line), counted as bad and skipped; their bytes are
    /// discarded as they arrive, so memory stays at this size (`--max-line-bytes`).
    std::size_t max_line = k_default_max_line;
    /// A log has no total cap (logs are legitimately GBs). The limits here bound the rest:
    /// `max_file_bytes` is the largest document source (an export, an EventList; larger ones are
    /// refused) and the longest run of an over-long line before reading stops (/dev/zero, an
    /// endless stream); `max_nodes` and `max_mapping_keys` bound each document as manifests are.
    model::LoadOptions limits;
    std::ostream* diag = nullptr;               ///< bad-line messages (required)
    /// Called after each commit; used for the terminal progress line.
    std::function<void(const Progress&)> on_commit;
};

struct SourceResult {
    /// changed: the file shrank, grew or was rewritten while being read; what was read is stored
    /// but the source stays partial (not sealed).
    /// stopped: reading stopped inside a line (a NUL byte, or a line that never ends: /dev/zero,
    /// a binary file, an endless stream); what came before is stored, the source stays partial.
    enum class Status { ingested, resumed, duplicate, unreadable, changed, stopped };
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
