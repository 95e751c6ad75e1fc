// A stream for engines that write messages as they go (audit ingest's bad-line reports quote
// the offending line): each line is passed through escape_terminal before it reaches the target.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>

namespace kg::report {

class TerminalSafeBuf : public std::streambuf {
public:
    explicit TerminalSafeBuf(std::ostream& target) : m_target(target) {}
    ~TerminalSafeBuf() override;
    TerminalSafeBuf(const TerminalSafeBuf&) = delete;
    TerminalSafeBuf& operator=(const TerminalSafeBuf&) = delete;

protected:
    int_type overflow(int_type ch) override;
    int sync() override;

private:
    void emit_line();
    std::ostream& m_target;
    std::string m_line;
};

/// An ostream over a TerminalSafeBuf: writes whole escaped lines to `target`; a final line
/// without a newline is written when the stream is flushed or destroyed.
class TerminalSafeStream : public std::ostream {
public:
    explicit TerminalSafeStream(std::ostream& target) : std::ostream(nullptr), m_buf(target) { rdbuf(&m_buf); }

private:
    TerminalSafeBuf m_buf;
};

}  // namespace kg::report
