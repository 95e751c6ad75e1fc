// TerminalSafeBuf (terminal_stream.h): line-buffered escaping in front of a terminal stream.
#include "report/terminal_stream.h"
#include "report/escape.h"

namespace kg::report {

TerminalSafeBuf::~TerminalSafeBuf() {
    if (!m_line.empty()) {
        emit_line();
        m_target.flush();
    }
}

void TerminalSafeBuf::emit_line() {
    m_target << escape_terminal(m_line);
    m_line.clear();
}

TerminalSafeBuf::int_type TerminalSafeBuf::overflow(int_type ch) {
    if (traits_type::eq_int_type(ch, traits_type::eof())) {
        return traits_type::not_eof(ch);
    }
    char c = traits_type::to_char_type(ch);
    if (c == '\n') {
        emit_line();
        m_target << '\n';
    } else {
        m_line += c;
    }
    return m_target ? ch : traits_type::eof();
}

int TerminalSafeBuf::sync() {
    if (!m_line.empty()) {
        emit_line();
    }
    m_target.flush();
    return m_target ? 0 : -1;
}

}  // namespace kg::report
