import FeedOutput
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real subscriber (issue 29, proof): PyPI's `flask-websub` discovers the hub from a feed `serve` serves (its
/// `Link` header), subscribes on loopback with a secret, is verified, and receives the next changed feed, which it
/// accepts only with a valid `X-Hub-Signature`. `.ci/run` installs it (`python3 -m pip install flask-websub`).
@Suite struct FlaskWebSubTests {
    /// The subscriber: discovers, subscribes, then rewrites the feed file (as a build would) and waits for the push.
    /// flask-websub sends a secret only to https hubs; on loopback http it is told the hub is secure.
    static let script = #"""
        import hashlib, os, sys, threading
        import flask, flask_websub.subscriber as sub
        from flask_websub.subscriber import Subscriber, SQLite3TempSubscriberStorage, SQLite3SubscriberStorage, discover
        from werkzeug.serving import make_server

        feed_url, feed_file, new_content, workdir = sys.argv[1:5]
        sub.is_secure = lambda url: True
        app = flask.Flask(__name__)
        server = make_server("127.0.0.1", 0, app)
        port = server.socket.getsockname()[1]
        app.config["SERVER_NAME"] = f"127.0.0.1:{port}"
        subscriber = Subscriber(SQLite3SubscriberStorage(os.path.join(workdir, "s.db")),
                                SQLite3TempSubscriberStorage(os.path.join(workdir, "t.db")))
        app.register_blueprint(subscriber.build_blueprint(url_prefix="/callbacks"))
        verified, notified = threading.Event(), threading.Event()
        bodies, errors = [], []
        subscriber.add_success_handler(lambda topic, cb, mode: verified.set())
        subscriber.add_error_handler(lambda topic, cb, reason: errors.append(reason))
        def received(topic, cb, body):
            bodies.append(body)
            notified.set()
        subscriber.add_listener(received)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with app.app_context():
            found = discover(feed_url)
            print("discovered", found["hub_url"], found["topic_url"], flush=True)
            subscriber.subscribe(**found, secret="flask-secret", lease_seconds=7200)
        if not verified.wait(20):
            print("not verified", errors, flush=True)
            sys.exit(1)
        print("verified", flush=True)
        with open(feed_file + ".tmp", "w") as out:
            out.write(new_content)
        os.replace(feed_file + ".tmp", feed_file)
        if not notified.wait(30):
            print("not notified", flush=True)
            sys.exit(1)
        print("notified", hashlib.sha256(bodies[0]).hexdigest(), flush=True)
        server.shutdown()
        """#

    /// A port free now, for a server whose site must be known before it starts.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test(
        "flask-websub discovers, subscribes, is verified and receives the next changed feed, signed",
        .enabled("python3 is missing") { ChildProcess.findExecutable("python3") != nil },
        .timeLimit(.minutes(1)))
    func flaskWebSubSubscribesAndReceivesASignedChange() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"))
        let check = try await ChildProcess.run(
            python, ["-c", "import flask_websub"], environment: ChildProcess.loopbackEnvironment())
        try #require(check.status == 0, "flask-websub is missing: python3 -m pip install flask-websub")
        try await ServeTestFolder.with { folder in
            let port = try Self.freePort()
            let site = try #require(URL(string: "http://127.0.0.1:\(port)/"))
            var config = NewsFeedConfig(
                site: site, output: folder.url, feeds: [FeedSpec(country: "us", category: "health")])
            config.websub.hub = true
            config.allowPrivate = true
            let feed = try folder.write("us/health.rss", ServeFixtures.feed(title: "Health", items: 2))
            let server = try await FeedServer.start(
                directory: folder.url, host: "127.0.0.1", port: port, site: site, accessLog: nil,
                status: (config, nil))
            let changed = ServeFixtures.feed(title: "Health", items: 4)
            let work = TemporaryFolder("flask-websub")
            let run = try await ChildProcess.run(
                python,
                ["-c", Self.script, site.absoluteString + "us/health.rss", feed.path, changed, work.url.path],
                environment: ChildProcess.loopbackEnvironment(), timeout: .seconds(50))
            await server.shutdown()
            let lines = run.outputText.split(separator: "\n").map(String.init)
            #expect(
                lines.first == "discovered \(site.absoluteString)websub \(site.absoluteString)us/health.rss",
                "\(run.summary)")
            #expect(lines.contains("verified"), "\(run.summary)")
            #expect(lines.last == "notified " + SHA256.hex(Array(changed.utf8)), "\(run.summary)")
            #expect(run.status == 0, "\(run.summary)")
        }
    }
}
