// Problems in the user's input (bad YAML, bad quantity, unknown field value) are
// diagnostics: collected, never thrown, so one broken document does not stop the rest.
#pragma once

#include "model/source_pos.h"

#include <string>
#include <vector>

namespace kg::model {

enum class Severity { error, warning, info };

const char* severity_name(Severity s);

struct Diagnostic {
    Severity severity = Severity::error;
    SourcePos pos;
    std::string message;  ///< lower-case start, no final period: "expected ..., found ..."
};

/// Collects diagnostics in order of discovery.
class DiagSink {
public:
    void error(SourcePos pos, std::string message) { add(Severity::error, pos, std::move(message)); }
    void warning(SourcePos pos, std::string message) { add(Severity::warning, pos, std::move(message)); }
    void add(Severity s, SourcePos pos, std::string message) { m_items.push_back({s, pos, std::move(message)}); }

    const std::vector<Diagnostic>& items() const { return m_items; }
    std::size_t error_count() const;
    bool empty() const { return m_items.empty(); }

private:
    std::vector<Diagnostic> m_items;
};

/// `file:line:col: error: message`, followed (when the file text is kept) by the source
/// line and a caret under the column, as ninja and mold print parse errors. The text is raw
/// (the message and the line come from the input): print it through
/// report::render_diagnostic, which escapes it for a terminal.
std::string format_diagnostic(const SourceFiles& files, const Diagnostic& d, bool with_excerpt = true);

/// The text of 1-based line `line` of `text`, without its line end; empty when out of range.
std::string_view source_line(std::string_view text, std::uint32_t line);

}  // namespace kg::model
