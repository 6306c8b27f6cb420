import StripsCore
import StripsPhotosFeatures

/// A feature's answer type as the Photos scene takes it: each feature's answer says, in that
/// feature's door file (`PhotosScene+Scanning.swift` for `ScanUpdate`), which of the scene's doors
/// it goes through, so the scene routes an answer without naming any feature here. Answers come on the scene's clock like any input, and find
/// their feature under a prompt too.
protocol PhotosAnswer: FeatureAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect]
}

extension PhotosScene {
    /// The host's answer handed to the feature whose answer it is (a registered feature's
    /// goes to its feature; one of another scene's, which no Photos host sends, changes nothing).
    public mutating func hostAnswered(_ event: HostEvent, at time: Double) -> [Effect] {
        guard let answer = event.answer as? any PhotosAnswer else { return registeredAnswer(event.answer, at: time) }
        return answer.deliver(to: &self, at: time)
    }
}
