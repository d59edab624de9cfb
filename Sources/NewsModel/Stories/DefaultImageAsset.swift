import Foundation

/// newsfeed's own default image (a neutral newspaper card, 480×270 PNG), embedded
/// in code so a binary copied anywhere still has it (`Bundle.module` would not).
public enum DefaultImageAsset {
    /// Path inside the output folder and under `site`.
    public static let relativePath = "assets/default-image.png"
    public static let mimeType = "image/png"

    /// The PNG bytes, decoded once.
    public static let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()

    /// The image as a story carries it when served under `site`, with its true length.
    public static func storyImage(site: URL) -> StoryImage {
        StoryImage(url: site.appending(path: relativePath), mimeType: mimeType, length: data.count)
    }

    private static let base64 = """
        iVBORw0KGgoAAAANSUhEUgAAAeAAAAEOCAIAAADe+FMwAAAG5UlEQVR42u3dyVKcVRzG4b46116E1+QFxBgNcyAhTGFyiso8B5pu
        5hniOuXC3dENC6hqOf3yVD2X8H6/1fnX1zi6+AuACjUOzz8DUCGBBhBoAAQaQKABEGgAgQZAoAEQaICuC/TB2WcAKiTQAAINgEAD
        ZAT6DoAKCTSAQAMg0AACDUDHAt0+uwOgQo326R0AFRJoAIEGQKABBBoAgQYQaAAEGoD7A906vQWgQo3WyS0AFRJoAIEGQKABBBoA
        gQYQaAAEGoD7A71/cgtAhQQaoNpAH98CUCGBBqg30DcAVEigAQQaAIEGEGgAOhbo5vENABUSaACBBuBhgT66AaBCAg0g0AAINIBA
        AyDQAM8t0HtH1wBUSKABBBqAhwX68BqACgk0gEDzFL58+ZtgFi7QCDQCjUAj0Ag0Ai3QCDS1B3r38JpgEpZtePynwtrzCLRAI9AI
        NAKNQCPQCLRAExHogyuCSVh4oMfmC2vPI9ACjUAj0Ag0Ao1AI9ACjUAj0Ag0HQv0p4MrgklYtjdj84W15xFogUagEWiqD/RXX3/D
        kxNoBFqgBVqgEWgEGoHmkYFuXxFMoMMD/X6+sPY8Ai3QAi3QCDQCjUAj0Ai0QJMQ6J32JcEEOjvQQ+/nCmvPI9ACLdACjUAj0Ag0
        Ao1ACzQCjUAj0HQu0K1Lggl0eKBH5wprzyPQAi3QAo1AI9AINAKNQAs0CYHebl0STKCzAz04OldYex6BFmiBFmgEGoFGoBFoBFqg
        yQj0BcH8VjXb4OhsYe15BFqgEWiqDfT+BcEkLDzQ72YLa88j0AKNQCPQCDQCzYMCvbV/QTAJyzbwbraw9jwCLdAINAKNQCPQCDQC
        LdAINAKNQCPQdD7Q3/Z87DoCLdACjUALtEDz/we6eUEwgQ4P9NvZwtrzCLRAJwe6Z2iq6wg0/wZ6s3lOMIHODnT/25nC2vMItEAL
        tEAj0Ai0QAs0Ao1ACzQCjUALtEAj0Ai0Z3YCLdAItEALNHUEeu+cYAIdHuiRmcLa8wi0QAu0QFNroDf2zgkm0Nn6RmYKa88j0AIt
        0AKNQCPQAi3QCDQCLdBkBPqMYA5Vsg9V+kamC2vPI9ACLdACjUAj0AIt0Ag0Ai3QRAR694xgAh0e6OHpwtrzNNZ3zwgm0NmB7h2e
        Lqw9j0ALtGd2XUygBRqBFmiBRqARaIEWaARaoAVaoBFoBFqgBRqBRqAFGoFGoAVaoBFoBFqgBfq5Bnrt0ynBHKpkH6r0vPlQWHse
        gRZogRZoBBqBFmiBRqARaIFGoBFogRZoBBqBFmiBFmgE2jO7biHQAo1AC7RAI9AItEALNCXQqzunBBPobK+HPhTWnkegBVqgBRqB
        RqAFWqARaARaoMkI9AnBBDo90FOFtecRaIFGoBFoBBqBRqARaIFGoBFoBJqOBXpl54RgEpbtx6GpwtrzNFa2TwgmYeGBHpwqrD2P
        QAs0Ao1AI9AINAKNQAs0Ao1AI9AINJ0PdDf+ICqPQCPQAi3QAo1AI9AINI8L9PL2McEEOjvQPwxOFtaep7G8dUwwgQ4P9MBkYe15
        BFqgBVqgEWiqDzRdR6AFGoFGoBFoBBqBRqAFGoFGoBFoBBqBRqAFmqRAL20dE0zCsr0amCysPY9ACzQCTbWB3jwmmEOV7EOVV/2T
        hbXnEWiBFmiBpt5AHxFMoNMDPVFYex6BFmiBFmgEGoFGoBFoBFqgEWiiAk33PbMT6OxAL24eEUzCsn3fP1FYex6BFmgEGoFGoBFo
        HhbojSOCSVh4oPsmCmvPI9ACjUAj0Ag0Ao1AI9ACjUATFWhHIl13qCLQAo1AI9A8RaAXNg4JJtDZgX7ZN15Yex6BFmiBFmgEGoFG
        oHlYoNcPCSbQ4YHuHS+sPY9ACzRdTKAFGoFGoBFoBBqBRqAFGoFGoBFoBJpHBfrP9UOCSVi273rHC2vPI9ACjUAj0Ag0Ao1AI9AC
        TUSg1w4IJmHhge4ZK6w9j0ALNAKNQCPQCDQCjUALNAKNQCPQdCzQf6wdEEzCsr3oGSusPY9ACzQCjUDz1P77MZPHwgUagUagEWgE
        GoF+7oFePeCZePF6jGAWnkegAQQaAIEGSAj076ttACok0AACDYBAAwg0AJ0L9EobgAoJNIBAAyDQAAmB/rjSBqBCAg0g0AAINEBG
        oFsAVEigAaoN9HILgAoJNIBAA/CgQP+23AKgQgININAACDSAQAMg0AACDUAdgV5qAVAhgQaoNdC/Lu0DUCGBBhBoAAQaQKABEGgA
        gQagjkAv7gNQIYEGqDXQvyzuA1AhgQYQaAAEGiAj0E0AKiTQAAINgEADRAR6oQlAhRo/LzQBqJBAAwg0AAININAACDSAQAMg0ADc
        6x/n42btzfC2BwAAAABJRU5ErkJggg==
        """
}
