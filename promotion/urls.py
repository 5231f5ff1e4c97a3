from django.urls import path

from promotion import views

app_name = "promotion"

urlpatterns = [
    path("", views.promotion_list, name="list"),
    path("new/", views.promotion_create, name="create"),
    path("invitations/<int:pk>/", views.invitation_respond, name="invitation-respond"),
    path("<slug:slug>/", views.promotion_detail, name="detail"),
    path("<slug:slug>/settings/", views.promotion_settings, name="settings"),
    path("<slug:slug>/members/", views.members, name="members"),
    path("<slug:slug>/members/<int:pk>/role/", views.member_role, name="member-role"),
    path("<slug:slug>/members/<int:pk>/approve/", views.member_approve, name="member-approve"),
    path("<slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member-remove"),
    path("<slug:slug>/members/invite-link/", views.regenerate_invite, name="regenerate-invite"),
    path("<slug:slug>/join/", views.join_request, name="join-request"),
    path("<slug:slug>/join/<str:token>/", views.join_by_link, name="join-link"),
]
