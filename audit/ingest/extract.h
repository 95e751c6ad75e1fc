// Turns one audit event, or one exported object, into evidence rows: versions of
// queue-policy objects, Jobs and their queue labels, the Workload lifecycle with its
// quota assignments, Kueue's Kubernetes Events and namespace labels. Semantics follow
// audit-evidence.md sections 1-2: only ResponseComplete writes count, the response
// object is the state after a write, patch bodies are patches, and condition types and
// reasons (not message texts) decide a Workload's steps.
#pragma once

#include "audit/store/batch_writer.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace kg::audit::ingest {

/// What one source contributed, for the summary.
struct Counts {
    std::uint64_t events = 0;    ///< audit events or exported objects read
    std::uint64_t kept = 0;      ///< of those, the ones that yielded Kueue evidence rows
    std::uint64_t context = 0;   ///< the ones that yielded only namespace labels (context for checks)
    std::uint64_t rows_new = 0;  ///< rows inserted
    std::uint64_t rows_dup = 0;  ///< rows already in the store (same natural key)
    std::uint64_t bad = 0;       ///< corrupt or truncated lines/documents, reported and skipped
    std::map<std::string, std::uint64_t> skipped;  ///< reason -> events
    /// Reported problems that are not events: a bad value inside a kept event (its other rows
    /// are kept), a gzip stream cut short, a file that changed while being read.
    std::uint64_t bad_values = 0;
    std::uint64_t source_errors = 0;

    std::uint64_t skipped_total() const {
        std::uint64_t n = 0;
        for (const auto& [reason, k] : skipped) n += k;
        return n;
    }
    /// Every event read is exactly one of these: read = kept + context + skipped + bad.
    bool adds_up() const { return events == kept + context + skipped_total() + bad; }
};

class Extractor {
public:
    /// `source` names the input in diagnostics; `as_of_us` is the snapshot time of exported
    /// objects (Unix microseconds).
    Extractor(BatchWriter& writer, Counts& counts, std::string source, std::ostream& diag, std::int64_t as_of_us);
    ~Extractor();

    /// One line of an audit log (JSON lines). `text` must stay readable for
    /// simdjson::SIMDJSON_PADDING bytes past its end.
    void line(std::string_view text, std::uint64_t line_no);

    /// One JSON text that is a whole object: an audit Event or EventList, a Kubernetes object
    /// from an export, or an Event. Copied into a padded buffer.
    void document(std::string_view json, std::uint64_t line_no);

    /// Reports a bad line or document: `source:line: message` on the diagnostics stream.
    void bad(std::uint64_t line_no, std::string_view message);

    /// Counts an event skipped for `reason` (used by the pre-filter).
    void skip(const char* reason);

    /// A line the pre-filter found irrelevant: counted as skipped for `reason` when it is a
    /// well-formed event or object, else reported and counted as bad. Same padding as line().
    void skipped_line(std::string_view text, std::uint64_t line_no, const char* reason);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// Unix microseconds of an RFC 3339 time with optional fraction ("2026-10-05T09:12:44.131907Z").
std::optional<std::int64_t> parse_time_us(std::string_view text);

}  // namespace kg::audit::ingest
