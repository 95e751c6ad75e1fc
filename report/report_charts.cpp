// Inline SVG charts for the evidence report: a wait-time histogram and a usage step chart.
// Plain SVG elements only (no scripts, no external references); every label is escaped.
#include "report/evidence_report.h"
#include "report/escape.h"

#include "audit/chargeback.h"
#include "model/time.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace kg::report {

namespace {

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

/// A decimal without trailing zeros ("22", "1.5"), not "22.000".
std::string trimmed(std::string s) {
    if (s.find('.') == std::string::npos) return s;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

/// An amount of `resource` in milli-units as people write it: bytes of memory and storage in
/// Gi or Mi (binary, as Kubernetes quantities are usually written), anything else as a number.
std::string amount_text(std::int64_t milli, std::string_view resource) {
    const bool bytes = resource == "memory" || resource.ends_with("storage");
    if (bytes) {
        const std::int64_t b = milli / 1000;
        if (b >= (std::int64_t{1} << 30)) return trimmed(audit::format_decimal(b, std::int64_t{1} << 30, 1)) + "Gi";
        if (b >= (std::int64_t{1} << 20)) return trimmed(audit::format_decimal(b, std::int64_t{1} << 20, 1)) + "Mi";
        return std::to_string(b);
    }
    return trimmed(audit::format_decimal(milli, 1000, 3));
}

std::string empty_chart(std::string_view what) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"40\" viewBox=\"0 0 600 40\" role=\"img\">"
           "<text x=\"8\" y=\"24\" font-size=\"13\" fill=\"#57606a\">" +
           escape_html_text(what) + "</text></svg>";
}

}  // namespace

std::string svg_wait_chart(const std::vector<std::int64_t>& waits) {
    if (waits.empty()) return empty_chart("No admissions in the period.");
    struct Bucket { const char* label; std::int64_t upto; };
    static const Bucket buckets[] = {{"<1m", 60},       {"1-5m", 300},    {"5-15m", 900}, {"15m-1h", 3600},
                                     {"1-4h", 4 * 3600}, {"4-24h", 86400}, {">1d", INT64_MAX}};
    constexpr int n = sizeof buckets / sizeof buckets[0];
    std::int64_t counts[n] = {};
    for (auto w : waits)
        for (int i = 0; i < n; ++i)
            if (w < buckets[i].upto) {
                ++counts[i];
                break;
            }
    const std::int64_t peak = std::max<std::int64_t>(1, *std::max_element(counts, counts + n));
    const double w = 600, left = 40, bottom = 170, top = 20, bw = (w - left - 10) / n;
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"200\" viewBox=\"0 0 600 200\" "
                    "role=\"img\" aria-label=\"wait-time histogram\">";
    s += "<line x1=\"" + num(left) + "\" y1=\"" + num(bottom) + "\" x2=\"" + num(w - 10) + "\" y2=\"" + num(bottom) +
         "\" stroke=\"#57606a\"/>";
    s += "<text x=\"4\" y=\"" + num(top + 4) + "\" font-size=\"11\" fill=\"#57606a\">" + std::to_string(peak) +
         "</text>";
    for (int i = 0; i < n; ++i) {
        const double bh = (bottom - top) * static_cast<double>(counts[i]) / static_cast<double>(peak);
        const double x = left + i * bw + 4;
        s += "<rect x=\"" + num(x) + "\" y=\"" + num(bottom - bh) + "\" width=\"" + num(bw - 8) + "\" height=\"" +
             num(bh) + "\" fill=\"#2f5f8f\"><title>" + escape_html_text(buckets[i].label) + ": " +
             std::to_string(counts[i]) + "</title></rect>";
        s += "<text x=\"" + num(x + (bw - 8) / 2) + "\" y=\"" + num(bottom + 16) +
             "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#1b1f23\">" + escape_html_text(buckets[i].label) + "</text>";
        if (counts[i] > 0)
            s += "<text x=\"" + num(x + (bw - 8) / 2) + "\" y=\"" + num(bottom - bh - 3) +
                 "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#1b1f23\">" + std::to_string(counts[i]) + "</text>";
    }
    s += "</svg>";
    return s;
}

std::string svg_usage_chart(const std::vector<ReportUsagePoint>& usage, std::int64_t from, std::int64_t to,
                            const std::string& label) {
    if (usage.empty() || to <= from) return empty_chart("No usage recorded in the period.");
    std::int64_t peak = 1;
    for (const auto& p : usage) {
        peak = std::max(peak, p.used_milli);
        peak = std::max(peak, p.nominal_milli);
        if (p.borrowing_limit_milli) peak = std::max(peak, p.nominal_milli + *p.borrowing_limit_milli);
    }
    const double h = 240, left = 10, right = 590, top = 20, bottom = 190;
    auto X = [&](std::int64_t t) {
        t = std::clamp(t, from, to);
        return left + (right - left) * static_cast<double>(t - from) / static_cast<double>(to - from);
    };
    auto Y = [&](std::int64_t v) { return bottom - (bottom - top) * static_cast<double>(v) / static_cast<double>(peak); };
    std::string used = "M" + num(X(usage.front().time)) + " " + num(bottom);
    std::string nominal, limit;
    bool limit_open = false;
    for (std::size_t i = 0; i < usage.size(); ++i) {
        const auto& p = usage[i];
        const std::int64_t end = i + 1 < usage.size() ? usage[i + 1].time : to;
        const double x0 = X(p.time), x1 = X(end);
        used += " L" + num(x0) + " " + num(Y(p.used_milli)) + " L" + num(x1) + " " + num(Y(p.used_milli));
        nominal += (nominal.empty() ? "M" : " L") + num(x0) + " " + num(Y(p.nominal_milli)) + " L" + num(x1) + " " +
                   num(Y(p.nominal_milli));
        if (p.borrowing_limit_milli) {
            const double y = Y(p.nominal_milli + *p.borrowing_limit_milli);
            limit += (limit_open ? " L" : " M") + num(x0) + " " + num(y) + " L" + num(x1) + " " + num(y);
            limit_open = true;
        } else {
            limit_open = false;
        }
    }
    used += " L" + num(X(to)) + " " + num(bottom) + " Z";
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"240\" viewBox=\"0 0 600 240\" "
                    "role=\"img\" aria-label=\"usage against nominal quota\">";
    s += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(right - left) + "\" height=\"" +
         num(bottom - top) + "\" fill=\"#f6f8fa\" stroke=\"#d0d7de\"/>";
    s += "<path d=\"" + used + "\" fill=\"#9ec5e8\" stroke=\"#2f5f8f\" stroke-width=\"1\"/>";
    s += "<path d=\"" + nominal + "\" fill=\"none\" stroke=\"#1a7f37\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>";
    if (!limit.empty())
        s += "<path d=\"" + limit + "\" fill=\"none\" stroke=\"#b42318\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>";
    // Title above the plot, the period's ends under it, the legend on a line of its own below,
    // so no two texts share a line (check-html-render fails on overlapping chart texts).
    const auto slash = label.find('/');
    const std::string_view resource = slash == std::string::npos ? std::string_view() : std::string_view(label).substr(slash + 1);
    s += "<text x=\"" + num(left + 4) + "\" y=\"" + num(top - 6) + "\" font-size=\"11\" fill=\"#1b1f23\">" +
         escape_html_text(label) + " (max " + escape_html_text(amount_text(peak, resource)) + ")</text>";
    s += "<text x=\"" + num(left) + "\" y=\"" + num(bottom + 15) + "\" font-size=\"11\" fill=\"#57606a\">" +
         escape_html_text(model::format_rfc3339(from)) + "</text>";
    s += "<text x=\"" + num(right) + "\" y=\"" + num(bottom + 15) +
         "\" font-size=\"11\" text-anchor=\"end\" fill=\"#57606a\">" + escape_html_text(model::format_rfc3339(to)) +
         "</text>";
    s += "<text x=\"" + num(left) + "\" y=\"" + num(h - 6) +
         "\" font-size=\"11\" fill=\"#57606a\">used (area), nominal (green dashes), "
         "nominal + borrowing limit (red dots)</text>";
    s += "</svg>";
    return s;
}

}  // namespace kg::report
