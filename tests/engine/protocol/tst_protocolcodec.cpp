// The worker protocol's codec and stream parser: every message round-trips with every field;
// every malformed input ends in a typed error, never an exception or a crash.
#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace tb;

namespace {
QString statusName(ResultStatus status)
{
    return QString::fromLatin1(toString(status));
}

Result fullResult()
{
    Result result;
    result.status = ResultStatus::WrongResult;
    result.message = "max error 0.5 at index 17";
    result.compilerLog = "warning: \"unused\" variable\n\tline 2 \\ é ✓";
    result.samples = {1.5e-6, 2.25e-6, 0.0};
    result.summary = {2.0e-6, 1.5e-6, 2.1e-6, 3.0e-7, 3, 0.015};
    result.timer = "steady_clock";
    result.compileSeconds = 0.125;
    result.cachedBuild = true;
    result.resources = {{"registers", 32}, {"spill_stores", 0}};
    result.metrics = {{"GB/s", 812.5},
                      {"inf", std::numeric_limits<double>::infinity()},
                      {"ninf", -std::numeric_limits<double>::infinity()}};
    return result;
}

void verifySameResult(const Result &a, const Result &b)
{
    QCOMPARE(statusName(a.status), statusName(b.status));
    QCOMPARE(a.message, b.message);
    QCOMPARE(a.compilerLog, b.compilerLog);
    QCOMPARE(a.samples, b.samples);
    QCOMPARE(a.summary.median, b.summary.median);
    QCOMPARE(a.summary.min, b.summary.min);
    QCOMPARE(a.summary.mean, b.summary.mean);
    QCOMPARE(a.summary.stddev, b.summary.stddev);
    QCOMPARE(a.summary.count, b.summary.count);
    QCOMPARE(a.summary.relativeHalfWidth, b.summary.relativeHalfWidth);
    QCOMPARE(a.timer, b.timer);
    QCOMPARE(a.compileSeconds, b.compileSeconds);
    QCOMPARE(a.cachedBuild, b.cachedBuild);
    QCOMPARE(a.resources, b.resources);
    QCOMPARE(a.metrics, b.metrics);
}

template <typename T> T roundTrip(const T &message)
{
    const std::string frame = encode(message);
    if (frame.empty() || frame.back() != '\n' || frame.find('\n') != frame.size() - 1)
        qFatal("a frame must be one line ending in a newline: %s", frame.c_str());
    auto decoded = decode(frame);
    if (!decoded)
        qFatal("decode failed: %s", decoded.error().toString().c_str());
    if (!std::holds_alternative<T>(decoded.value()))
        qFatal("decoded to another message type");
    return std::get<T>(decoded.value());
}

// Names, not enums, so that a failure prints readably (and tb's toString() stays out of QTest's
// way).
QString faultOf(std::string_view frame)
{
    const auto decoded = decode(frame);
    return QString::fromLatin1(decoded ? "ok" : toString(protocolFault(decoded.error())));
}

QString faultOf(const EngineError &error)
{
    return QString::fromLatin1(toString(protocolFault(error)));
}

// Drains a parser: the decoded messages' types, with "!fault" for each error.
std::vector<std::string> drain(StreamParser &parser)
{
    std::vector<std::string> items;
    while (auto item = parser.next()) {
        if (*item)
            items.push_back(messageType(item->value()));
        else
            items.push_back(std::string("!") + toString(protocolFault(item->error())));
    }
    return items;
}

using Items = std::vector<std::string>;

} // namespace

class TestProtocolCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsTheHandshake()
    {
        const HelloMessage hello{kProtocolVersion, "0.1.0",
                                 "bench",          4242,
                                 "gpu-node-07",    "cuda: NVIDIA H100 80GB HBM3 (sm_90)"};
        QVERIFY(roundTrip(hello) == hello);
        const SetupMessage setup{"{\n  \"name\": \"saxpy\",\n  \"code\": \"a[i] = \\\"x\\\";\"\n}",
                                 "/home/u/specs", "/home/u/.cache/tunebench"};
        QVERIFY(roundTrip(setup) == setup);
        QVERIFY(roundTrip(ReadyMessage{}) == ReadyMessage{});
        const SetupFailedMessage failed{"unknown element type 'f16'", "at $.arguments[2].type"};
        QVERIFY(roundTrip(failed) == failed);
        QVERIFY(roundTrip(ShutdownMessage{}) == ShutdownMessage{});
    }

    void roundTripsJobsAndResults()
    {
        const JobMessage job{(std::uint64_t(1) << 63) + 5, {64, 0.5, -3, 1e300}, 7};
        QVERIFY(roundTrip(job) == job);

        const JobResultMessage answer{99, fullResult()};
        const auto decoded = roundTrip(answer);
        QCOMPARE(decoded.id, std::uint64_t(99));
        verifySameResult(decoded.result, answer.result);
    }

    void roundTripsEveryStatusAndNonFiniteNumbers()
    {
        for (int i = 0; i <= static_cast<int>(ResultStatus::SkippedByConstraint); ++i) {
            JobResultMessage answer{1, {}};
            answer.result.status = static_cast<ResultStatus>(i);
            answer.result.samples = {std::numeric_limits<double>::quiet_NaN()};
            const auto decoded = roundTrip(answer);
            QCOMPARE(statusName(decoded.result.status), statusName(answer.result.status));
            QVERIFY(std::isnan(decoded.result.samples.at(0)));
        }
    }

    void replacesInvalidUtf8InsteadOfFailing()
    {
        JobResultMessage answer{3, {}};
        answer.result.compilerLog = "bad byte \xff here";
        const auto decoded = roundTrip(answer);
        QVERIFY(decoded.result.compilerLog.rfind("bad byte ", 0) == 0);
        QVERIFY(decoded.result.compilerLog.size() > 9);
    }

    void typesEveryMalformedFrame()
    {
        QCOMPARE(faultOf("this is not json"), QStringLiteral("garbage"));
        QCOMPARE(faultOf("{\"type\": \"job\""), QStringLiteral("garbage"));
        QCOMPARE(faultOf("[1, 2, 3]"), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf("42"), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf("{}"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": 7})"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": "launch_missiles"})"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": "job", "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("missing_field"));
        QCOMPARE(faultOf(R"({"type": "job", "id": "1", "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": -1, "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1.5, "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1, "values": ["a"], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "hello", "protocol": 1})"), QStringLiteral("missing_field"));
        QCOMPARE(faultOf(R"({"type": "setup_failed", "message": "x", "detail": null})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job_result", "id": 1, "result": []})"),
                 QStringLiteral("wrong_type"));
    }

    void namesTheFieldInTheError()
    {
        const auto decoded = decode(R"({"type": "job", "values": [1], "sizeIndex": 0})");
        QVERIFY(!decoded);
        QCOMPARE(decoded.error().code, EngineError::Code::ProtocolError);
        QCOMPARE(decoded.error().detail, std::string("missing_field: 'id' in job"));

        std::string frame = encode(JobResultMessage{5, fullResult()});
        frame.replace(frame.find("\"count\""), 7, "\"tally\"");
        const auto nested = decode(frame);
        QVERIFY(!nested);
        QCOMPARE(faultOf(nested.error()), QStringLiteral("missing_field"));
        QVERIFY2(nested.error().detail.find("job_result.result.summary") != std::string::npos,
                 nested.error().detail.c_str());

        std::string badStatus = encode(JobResultMessage{5, fullResult()});
        badStatus.replace(badStatus.find("wrong_result"), 12, "exploded");
        QCOMPARE(faultOf(badStatus), QStringLiteral("wrong_type"));
    }

    void ignoresUnknownFieldsForNewerPeers()
    {
        auto decoded = decode(R"({"type": "ready", "gpuClockMHz": 1980})");
        QVERIFY(decoded);
        QVERIFY(std::holds_alternative<ReadyMessage>(decoded.value()));
    }

    void peeksTheVersionOfAnyHello()
    {
        QCOMPARE(peekProtocolVersion(R"({"type": "hello", "protocol": 2, "new": "shape"})"),
                 std::optional<int>(2));
        QCOMPARE(peekProtocolVersion("garbage"), std::optional<int>());
        QCOMPARE(peekProtocolVersion(R"({"protocol": "1"})"), std::optional<int>());
    }

    void parsesFramesFedByteByByte()
    {
        const std::string stream = encode(HelloMessage{1, "v", "cpu", 1, "h", "d"}) +
                                   encode(ReadyMessage{}) +
                                   encode(JobResultMessage{3, fullResult()});
        StreamParser parser;
        Items items;
        for (char c : stream) {
            parser.feed(&c, 1);
            for (auto &item : drain(parser))
                items.push_back(item);
        }
        QCOMPARE(items, (Items{"hello", "ready", "job_result"}));
        QCOMPARE(parser.bufferedBytes(), std::size_t(0));
    }

    void parsesSeveralFramesInOneFeedWithErrorsInOrder()
    {
        StreamParser parser;
        parser.feed(encode(ReadyMessage{}) + "not json\n\r\n   \n[1]\n" +
                    encode(ShutdownMessage{}) + "{\"type\":\"ready\"}\r\n");
        QCOMPARE(drain(parser),
                 (Items{"ready", "!garbage", "!not_an_object", "shutdown", "ready"}));
    }

    void cutsOffAnOversizedFrameWithoutBufferingIt()
    {
        StreamParser parser(1024);
        const std::string chunk(700, 'x');
        for (int i = 0; i < 20; ++i) {
            parser.feed(chunk);
            QVERIFY(parser.bufferedBytes() <= 1024);
        }
        QCOMPARE(drain(parser), (Items{"!oversized_frame"}));
        // The rest of the long line is dropped; the stream resynchronises at its newline.
        parser.feed(chunk + "\n" + encode(ShutdownMessage{}));
        QCOMPARE(drain(parser), (Items{"shutdown"}));

        // A frame of exactly the limit is fine.
        parser.feed(std::string(1024, ' ') + "\n" + encode(ReadyMessage{}));
        QCOMPARE(drain(parser), (Items{"ready"}));
    }

    void enforcesTheDefaultLimitOf32MiB()
    {
        StreamParser parser;
        const std::string mebibyte(1024 * 1024, 'x');
        for (int i = 0; i < 33; ++i) {
            parser.feed(mebibyte);
            QVERIFY(parser.bufferedBytes() <= kMaxFrameBytes);
        }
        QCOMPARE(drain(parser), (Items{"!oversized_frame"}));
        QCOMPARE(parser.bufferedBytes(), std::size_t(0));
    }

    void reportsATruncatedFrameAtTheEnd()
    {
        StreamParser parser;
        const std::string frame = encode(JobResultMessage{1, fullResult()});
        parser.feed(encode(ReadyMessage{}) + frame.substr(0, frame.size() / 2));
        QCOMPARE(drain(parser), (Items{"ready"}));
        parser.finish();
        QCOMPARE(drain(parser), (Items{"!truncated"}));
        parser.feed(encode(ReadyMessage{})); // after the end: ignored
        QCOMPARE(drain(parser), Items{});

        StreamParser clean;
        clean.feed(encode(ReadyMessage{}));
        clean.finish();
        QCOMPARE(drain(clean), (Items{"ready"}));
    }

    void survivesRandomBytes()
    {
        std::mt19937 random(20261105);
        const std::string valid = encode(JobResultMessage{1, fullResult()});
        const std::string alphabet = "{}[]\":,\n\\ 0123456789.eE-+truefalsnul\xff\xc3";
        for (int round = 0; round < 400; ++round) {
            std::string bytes;
            const int mode = round % 3;
            if (mode == 0) { // uniformly random bytes
                bytes.resize(random() % 2048);
                for (char &c : bytes)
                    c = static_cast<char>(random() & 0xff);
            } else if (mode == 1) { // JSON-ish tokens
                bytes.resize(random() % 2048);
                for (char &c : bytes)
                    c = alphabet[random() % alphabet.size()];
            } else { // a valid frame with a few bytes changed, removed or cut
                bytes = valid;
                for (int k = 0; k < 3; ++k)
                    bytes[random() % bytes.size()] = static_cast<char>(random() & 0xff);
                bytes.resize(random() % (bytes.size() + 1));
            }
            StreamParser parser(1500);
            std::size_t offset = 0;
            while (offset < bytes.size()) {
                const std::size_t piece = 1 + random() % 64;
                parser.feed(std::string_view(bytes).substr(offset, piece));
                offset += piece;
                QVERIFY(parser.bufferedBytes() <= 1500);
            }
            parser.finish();
            while (auto item = parser.next()) {
                if (!*item)
                    QVERIFY(protocolFault(item->error()) != ProtocolFault::None);
            }
        }
    }

    void survivesDeepNesting()
    {
        const std::string deep = std::string(100000, '[') + std::string(100000, ']');
        QCOMPARE(faultOf(deep), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf(std::string(100000, '{')), QStringLiteral("garbage"));
    }
};

QTEST_GUILESS_MAIN(TestProtocolCodec)
#include "tst_protocolcodec.moc"
