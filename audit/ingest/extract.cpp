#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

std::optional<std::int64_t> parse_time_us(std::string_view text) {
    const auto secs = model::parse_rfc3339(text);
    if (!secs) return std::nullopt;
    std::int64_t frac = 0;
    const auto t = text.find('T');
    const auto dot = text.find('.', t == std::string_view::npos ? 0 : t);
    if (dot != std::string_view::npos) {
        int digits = 0;
        for (std::size_t i = dot + 1; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            if (digits < 6) {
                frac = frac * 10 + (text[i] - '0');
                ++digits;
            }
        }
        for (; digits < 6; ++digits) frac *= 10;
    }
    return *secs * 1'000'000 + frac;
}



Extractor::Extractor(BatchWriter& writer, Counts& counts, std::string source, std::ostream& diag, std::int64_t as_of_us)
    : m(std::make_unique<Impl>(writer, counts, std::move(source), diag, as_of_us)) {}

Extractor::~Extractor() = default;

void Extractor::bad(std::uint64_t line_no, std::string_view message) { m->bad(line_no, message); }

void Extractor::skip(const char* reason) { m->skip(reason); }

void Extractor::skipped_line(std::string_view text, std::uint64_t line_no, const char* reason) {
    // The pre-filter read a few raw substrings only: the line must still be a well-formed event
    // (or object) to be counted as skipped, else it is a bad line like any other.
    element root;
    if (m->parser.parse(text.data(), text.size(), false).get(root) || !root.is_object()) {
        line(text, line_no);  // reports it as bad
        return;
    }
    const std::string_view kind = str(root, "kind");
    const bool audit_shape = str(root, "apiVersion").starts_with("audit.k8s.io") || raw_child(root, "auditID") ||
                             (raw_child(root, "stage") && raw_child(root, "verb"));
    if (!audit_shape && (kind.empty() || str(root, "apiVersion").empty())) {
        // Neither an event nor an object: a cloud wrapper (GKE, EKS, AKS record) whose event
        // the full reader unwraps and counts, or a bad line, which it reports.
        line(text, line_no);
        return;
    }
    ++m->c.events;
    std::string err;
    if (audit_shape) err = event_shape_error(root);
    if (!err.empty()) {
        ++m->c.bad;
        bad(line_no, err);
        return;
    }
    m->skip(reason);
}

namespace {

std::string_view excerpt(std::string_view text) {
    return text.size() > 60 ? text.substr(0, 60) : text;
}

}  // namespace

void Extractor::line(std::string_view text, std::uint64_t line_no) {
    element root;
    const auto err = m->parser.parse(text.data(), text.size(), false).get(root);
    if (err) {
        ++m->c.events;
        ++m->c.bad;
        const bool cut = err == simdjson::TAPE_ERROR || err == simdjson::UNCLOSED_STRING || err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT;
        bad(line_no, std::string("expected one JSON audit event per line, found ") +
                         (cut ? "a truncated or malformed object" : simdjson::error_message(err)) + " (\"" +
                         std::string(excerpt(text)) + (text.size() > 60 ? "...\")" : "\")"));
        return;
    }
    if (!root.is_object() && !root.is_array()) {
        ++m->c.events;
        ++m->c.bad;
        bad(line_no, "expected a JSON object (an audit event), found a scalar");
        return;
    }
    m->value(root, line_no);
}

void Extractor::document(std::string_view json, std::uint64_t line_no) {
    m->padded.assign(json);
    m->padded.append(simdjson::SIMDJSON_PADDING, '\0');
    element root;
    if (auto err = m->doc_parser.parse(m->padded.data(), json.size(), false).get(root)) {
        ++m->c.events;
        ++m->c.bad;
        bad(line_no, std::string("expected a JSON object, found: ") + simdjson::error_message(err));
        return;
    }
    m->value(root, line_no);
}

}  // namespace kg::audit::ingest
