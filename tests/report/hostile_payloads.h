// The payload classes of issue 12: every escaper and every renderer is tested against each.
#pragma once

#include <string>
#include <vector>

namespace kg::test {

struct Payload {
    const char* name;
    std::string text;
};

inline const std::vector<Payload>& hostile_payloads() {
    static const std::vector<Payload> k_payloads = {
        {"newline", "a\nb"},
        {"newline workflow command", "x\n::warning::INJECTED 100%"},
        {"percent", "100% of 50%0A"},
        {"double colon", "a::error::b"},
        {"script tag", "<script>alert(1)</script>"},
        {"attribute breakout", "\"><img src=x onerror=alert(1)>"},
        {"single quote breakout", "'><svg onload=alert(1)>"},
        {"formula hyperlink", "=HYPERLINK(\"https://evil.example\",\"x\")"},
        {"formula command", "+cmd|' /C calc'!A0"},
        {"formula minus", "-2+3+cmd|' /C calc'!A0"},
        {"formula at", "@SUM(1+1)*cmd|' /C calc'!A0"},
        {"tab", "\t=1+1"},
        {"carriage return", "\r=1+1 overwrite"},
        {"CSI escape", "red \x1b[31mALERT\x1b[0m \x1b[2J"},
        {"OSC 8 hyperlink", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\"},
        {"BEL", "ding\x07"},
        {"NUL", std::string("before\0after", 12)},
        {"C1 CSI", "c1 \xc2\x9b" "31m"},
        {"DEL", "del\x7f"},
        {"bidi override", "admin\xe2\x80\xae" "txt.exe"},
        {"bidi isolate", "\xe2\x81\xa6" "isolated\xe2\x81\xa9"},
        {"invalid UTF-8", "bad \xff\xfe \xc3"},
        {"markdown link", "[approve](https://evil.example)"},
        {"markdown image", "![x](https://evil.example/p.png)"},
        {"markdown autolink", "<https://evil.example> www.evil.example https://evil.example"},
        {"markdown html", "<img src=x onerror=alert(1)><b>bold</b>"},
        {"markdown table pipe", "a | b | c"},
        {"markdown backticks", "``code`` and `x`"},
        {"markdown heading", "# heading"},
        {"entity smuggling", "&#x5B;x&#x5D;(https://evil.example) &lt;"},
        {"xml noncharacter", "\xef\xbf\xbe\xef\xbf\xbf"},
    };
    return k_payloads;
}

}  // namespace kg::test
