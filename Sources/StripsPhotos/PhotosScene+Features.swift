import StripsCore
import StripsPhotosFeatures

/// The registered features' one door (`PhotosFeatures`): a key of theirs and a host's answer to
/// them go to the feature whose action it is, its reducer runs on its room with the facts as
/// values, and its outputs are routed as every room's. No line here names a feature.
extension PhotosScene {
    /// `feature`'s reducer on its room.
    mutating func run<Feature: RegisteredFeature>(_ feature: Feature.Type, _ action: Feature.Action, repeating: Bool = false,
                                                  at time: Double) -> [Effect] {
        let facts = FeatureFacts(time: time, pages: pages, focusIndex: strips.focusIndex, selection: document.selection, documentName: setup.documentName,
                                 repeating: repeating, texts: texts)
        return apply(Feature.reduce(into: &rooms[Feature.self], action: action, context: facts), at: time)
    }

    /// A registered feature's key (or its toolbar button, its menu item).
    mutating func perform(_ key: FeatureKey, repeating: Bool, at time: Double) -> [Effect] {
        for feature in PhotosFeatures.registered {
            if let effects = feature.perform(key, in: &self, repeating: repeating, at: time) { return effects }
        }
        return []
    }

    /// A host's answer no room's door takes: to the registered feature it belongs to, if any.
    mutating func registeredAnswer(_ answer: any FeatureAnswer, at time: Double) -> [Effect] {
        for feature in PhotosFeatures.registered {
            if let effects = feature.answered(answer, in: &self, at: time) { return effects }
        }
        return []
    }
}

extension RegisteredFeature {
    /// Its reducer on `key`'s action, when the action is its own.
    static func perform(_ key: FeatureKey, in scene: inout PhotosScene, repeating: Bool, at time: Double) -> [Effect]? {
        guard let action = key.action as? Action else { return nil }
        return scene.run(Self.self, action, repeating: repeating, at: time)
    }

    /// Its reducer on what `answer` asks of it, when the answer is its own.
    static func answered(_ answer: any FeatureAnswer, in scene: inout PhotosScene, at time: Double) -> [Effect]? {
        guard let action = action(answering: answer) else { return nil }
        return scene.run(Self.self, action, at: time)
    }
}
